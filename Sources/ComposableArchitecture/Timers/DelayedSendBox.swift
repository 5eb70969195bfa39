/// The storage of a delayed send (``Effect/send(_:after:clock:)``), which can take in the
/// `.cancellable(id:cancelInFlight: true)` put right around it.
///
/// The move-clock idiom, `.send(a, after: d, clock: c).cancellable(id: X, cancelInFlight:
/// true)`, re-arms a timer on every move. When nothing else holds the delayed send (it was made
/// for this call), `cancellable(id:cancelInFlight:)` writes the id into its box instead of
/// wrapping it in another: one allocation and one level of interpretation fewer per re-arm.
/// The store interprets both forms alike; every other reader sees the spelled-out form
/// (``Effect/withCancellableSpelledOut``).
///
/// ```swift
/// let timer = Effect<Action>.send(.expired, after: .seconds(30), clock: clock)
///   .cancellable(id: CancelID.move, cancelInFlight: true)
/// timer.takenInCancellable  // the id, filed as the feature gave it
/// ```
@usableFromInline
final class DelayedSendBox<Action>: EffectBox<Action>, @unchecked Sendable {
  /// The id of a `.cancellable(id:cancelInFlight: true)` taken in, as its feature gave it.
  /// Written only while the box is held by the one effect being made.
  @exclusivity(unchecked) @usableFromInline var cancelInFlightID: EffectID?
  @usableFromInline let action: Action
  @usableFromInline let duration: Duration
  @usableFromInline let clock: any Clock<Duration>

  @inlinable
  init(_ action: Action, after duration: Duration, clock: any Clock<Duration>, cancelInFlightID: EffectID?) {
    self.cancelInFlightID = cancelInFlightID
    self.action = action
    self.duration = duration
    self.clock = clock
    super.init(kind: .delayedSend)
  }
}

extension Effect {
  @inlinable
  init(delayedSend action: Action, after duration: Duration, clock: any Clock<Duration>, cancelInFlightID: EffectID?) {
    self.init(box: DelayedSendBox(action, after: duration, clock: clock, cancelInFlightID: cancelInFlightID))
  }

  /// This effect's box, if it is a delayed send: its fields, read with no operation made.
  @inlinable
  var delayedSendBox: DelayedSendBox<Action>? {
    guard let box = self.box, box.kind == .delayedSend else { return nil }
    return unsafeDowncast(box, to: DelayedSendBox<Action>.self)
  }

  /// For a delayed send that took in the `.cancellable(id:cancelInFlight: true)` around it,
  /// that id.
  @inlinable
  var takenInCancellable: EffectID? {
    self.delayedSendBox?.cancelInFlightID
  }

  /// Takes `id` into this effect's box when it is a delayed send that nothing else holds and
  /// that has taken in no id yet; whether it did.
  @inlinable
  mutating func takeInCancelInFlight(_ id: EffectID) -> Bool {
    guard isKnownUniquelyReferenced(&self.box), let timer = self.delayedSendBox, timer.cancelInFlightID == nil
    else { return false }
    timer.cancelInFlightID = id
    return true
  }

  /// This effect, with a `.cancellable` a delayed send took in spelled out as a box of its own.
  @usableFromInline
  var withCancellableSpelledOut: Self {
    guard let timer = self.delayedSendBox, let id = timer.cancelInFlightID else { return self }
    return Self(
      cancellable: Self(delayedSend: timer.action, after: timer.duration, clock: timer.clock, cancelInFlightID: nil),
      id: id, cancelInFlight: true)
  }
}
