extension Effect {
  /// An effect that sends `action` once `duration` has passed on `clock`: a move clock, a
  /// grace period, a bot's delay.
  ///
  /// It does what `.run { send in try await clock.sleep(for: duration); await send(action) }`
  /// does, cancellation included, and a test store and its `SettlingTestClock` see it as exactly that.
  /// In a live store whose clock is a ``SchedulingClock`` (the game server's `ServerClock`) it
  /// starts no task: the timer is an entry in the clock's heap until it fires, so arming,
  /// cancelling and re-arming it on every move costs next to nothing.
  ///
  /// ```swift
  /// case .move:
  ///   // ...
  ///   return .send(.moveTimeExpired(moveNumber: state.moveNumber), after: .seconds(30), clock: clock)
  ///     .cancellable(id: CancelID.moveTimer, cancelInFlight: true)
  /// ```
  ///
  /// Not part of TCA's API.
  @inlinable
  public static func send(_ action: Action, after duration: Duration, clock: any Clock<Duration>) -> Self {
    Self(delayedSend: action, after: duration, clock: clock, cancelInFlightID: nil)
  }

  /// The `.run` operation a delayed send stands for.
  @usableFromInline
  static func sleepThenSend(
    _ action: Action, after duration: Duration, clock: any Clock<Duration>
  ) -> @Sendable (Send<Action>) async -> Void {
    let action = UncheckedSendable(action)
    return { send in
      do {
        try await clock.sleep(for: duration)
      } catch {
        return
      }
      await send(action.value)
    }
  }
}
