/// An actor that runs on a ``StoreExecutor``: a home for stores driven from a server thread.
///
/// ```swift
/// let actor = StoreActor(executor: StoreExecutor(name: "game"))
/// await actor.run { _ in
///   let store = Store(initialState: Game.State()) { Game() }
///   await store.send(.start).finish()
/// }
/// ```
public actor StoreActor: TaskExecutorActor {
  /// The executor the actor and its stores' effects run on.
  public nonisolated let executor: StoreExecutor

  /// An actor on the given executor.
  public init(executor: StoreExecutor) {
    self.executor = executor
  }

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    self.executor.asUnownedSerialExecutor()
  }

  public nonisolated var taskExecutor: any TaskExecutor { self.executor.nonisolatedExecutor }

  /// Runs `body` on the actor, with the calling task preferring the executor so that awaiting
  /// the actor's effects does not hop threads.
  public nonisolated func run<T: Sendable>(
    _ body: @Sendable (isolated StoreActor) async throws -> T
  ) async rethrows -> T {
    try await withTaskExecutorPreference(self.executor.nonisolatedExecutor) {
      try await self.perform(body)
    }
  }

  private func perform<T: Sendable>(
    _ body: @Sendable (isolated StoreActor) async throws -> T
  ) async rethrows -> T {
    try await body(self)
  }
}
