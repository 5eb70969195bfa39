extension Effect {
  /// Runs this effect after `duration` of quiet: another debounced effect with the same id
  /// cancels the waiting one.
  ///
  /// ```swift
  /// case let .queryChanged(query):
  ///   state.query = query
  ///   return .run { send in
  ///     await send(.results(try await self.search(query)))
  ///   }
  ///   .debounce(id: CancelID.search, for: .milliseconds(300), clock: self.clock)
  /// ```
  ///
  /// It is the pattern TCA recommends written once: a clock sleep, then the effect, all
  /// cancellable with `cancelInFlight`.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Self {
    // NB: As the second part of a concatenation, the effect does not start if the wait was
    //     cancelled by a later one.
    Effect.run { _ in try await clock.sleep(for: duration) }
      .concatenate(with: self)
      .cancellable(id: id, cancelInFlight: true)
  }
}
