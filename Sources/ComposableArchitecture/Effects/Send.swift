/// Sends actions from a running effect back into the store.
///
/// ```swift
/// return .run { send in
///   await send(.started)
///   let value = try await work()
///   await send(.finished(value))
/// }
/// ```
///
/// Once the effect is cancelled, sending does nothing.
public struct Send<Action>: Sendable {
  @usableFromInline
  let send: @Sendable (UncheckedSendable<Action>) async -> Void

  /// Makes a `Send` that hands each action to `send`.
  public init(send: @escaping @Sendable (Action) async -> Void) {
    self.send = { await send($0.value) }
  }

  /// Sends an action back into the store; returns once the store has processed it.
  @inlinable
  nonisolated(nonsending)
    public func callAsFunction(_ action: Action) async
  {
    guard !Task.isCancelled else { return }
    await self.send(UncheckedSendable(action))
  }
}
