/// A clock that can call back at a deadline without a task: what
/// ``Effect/send(_:after:clock:)`` uses in a live store, so that re-arming a timer costs a
/// heap entry instead of a task started and a task cancelled.
///
/// A clock that is not one (swift's `ContinuousClock`, a `SettlingTestClock`) still works with that
/// effect: the store then sleeps on it in a task, as `.run { try await clock.sleep(for:) }` does.
///
/// ```swift
/// final class WallTimers: SchedulingClock {
///   func schedule(after duration: Duration, _ fire: @escaping @Sendable () -> Void) -> UInt64 {
///     // keep `fire` in a heap of deadlines; call it from a timer thread when due
///   }
///   func cancelScheduled(_ id: UInt64) {
///     // drop the entry: `fire` must not be called after this returns
///   }
/// }
/// ```
///
/// It is a class: a store re-arms a timer in place only on the very clock that holds it.
///
/// Not part of TCA's API.
public protocol SchedulingClock: AnyObject, Sendable {
  /// Calls `fire` once, from any thread, when `duration` has passed; returns an id for
  /// ``cancelScheduled(_:)``.
  func schedule(after duration: Duration, _ fire: @escaping @Sendable () -> Void) -> UInt64

  /// Forgets a scheduled call. It may already be running on another thread, so the caller
  /// must still ignore a late one.
  func cancelScheduled(_ id: UInt64)

  /// Moves the scheduled call `id` to `duration` from now, keeping its `fire`; returns its new
  /// id, or `nil` when it is no longer waiting (it fired or was cancelled): then nothing moved.
  ///
  /// What a store does when a timer is re-armed under the same ids
  /// (`.cancellable(id:cancelInFlight: true)`): one entry moved instead of one cancelled and one
  /// made. The default moves nothing, so the store cancels and schedules anew.
  func reschedule(_ id: UInt64, after duration: Duration) -> UInt64?
}

extension SchedulingClock {
  public func reschedule(_ id: UInt64, after duration: Duration) -> UInt64? { nil }
}
