/// Finds the ``SchedulingClock`` behind a store's `any Clock<Duration>`, asking the runtime
/// whether its type is one only when the type changes.
///
/// `clock as? any SchedulingClock` looks the conformance up on every call: about a tenth of a
/// timer's re-arm. A store's clock is nearly always the same one, so the answer is kept for the
/// last type seen, with a way to open a clock of that type without a cast.
///
/// ```swift
/// var cache = SchedulingClockCache()
/// cache.scheduling(clock)  // looks up once
/// cache.scheduling(clock)  // compares types, then opens
/// ```
@usableFromInline
struct SchedulingClockCache {
  private var type: ObjectIdentifier?
  /// Opens clocks of `type`; `nil` when that type is not a scheduling clock.
  private var opener: (any SchedulingClockOpener)?

  @usableFromInline
  init() {}

  /// `clock` as a ``SchedulingClock``, or `nil` if it is not one.
  @usableFromInline
  mutating func scheduling(_ clock: any Clock<Duration>) -> (any SchedulingClock)? {
    let type = ObjectIdentifier(Swift.type(of: clock))
    if type != self.type {
      self.type = type
      self.opener = (clock as? any SchedulingClock).map { Self.opener(for: $0) }
    }
    return self.opener?.open(clock)
  }

  private static func opener<C: SchedulingClock>(for clock: C) -> any SchedulingClockOpener {
    KnownSchedulingClock<C>()
  }
}

/// Turns a clock known to be of one ``SchedulingClock`` type into that clock.
private protocol SchedulingClockOpener {
  func open(_ clock: any Clock<Duration>) -> any SchedulingClock
}

private struct KnownSchedulingClock<C: SchedulingClock>: SchedulingClockOpener {
  func open(_ clock: any Clock<Duration>) -> any SchedulingClock {
    // NB: The cache gives it only clocks whose dynamic type is `C`, a class: the opened value is
    //     that reference, taken as it is. A cast (`as! C`) went through the runtime's dynamic
    //     cast, 2% of a re-arm.
    func reference<Opened: Clock<Duration>>(_ clock: Opened) -> C {
      withUnsafeBytes(of: clock) { $0.load(as: C.self) }
    }
    return reference(clock)
  }
}
