extension Effect {
  /// An effect that does synchronous work the moment the store handles it, on the store's
  /// executor, without starting a task, and sends nothing back.
  ///
  /// For side effects that must not wait and cannot fail: handing a message to a socket's
  /// queue, appending to a write-behind log. It runs in order with the other effects of the same
  /// action, and a test store runs it before `send` returns, so tests see its result at once.
  /// Anything that may block or suspend belongs in `run(priority:operation:catch:)`.
  ///
  /// ```swift
  /// case let .broadcast(message):
  ///   return .perform { [outbox] in outbox.send(message) }
  /// ```
  ///
  /// Not part of TCA's API.
  public static func perform(_ work: @escaping @Sendable () -> Void) -> Self {
    Self(operation: .perform(work))
  }
}
