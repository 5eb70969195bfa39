/// Runs `body` isolated to `actor`; awaiting it hops to the actor's executor when needed.
@usableFromInline
func _perform(on actor: isolated any Actor, _ body: () -> Void) {
  body()
}

/// The task executor an actor's work should prefer, when it runs on one.
@usableFromInline
func _taskExecutor(of actor: any Actor) -> (any TaskExecutor)? {
  (actor as? any TaskExecutorActor)?.taskExecutor
}

/// An actor whose serial executor is also a task executor (see ``StoreExecutor``), so effects
/// started by stores isolated to it run on the same thread.
public protocol TaskExecutorActor: Actor {
  /// The task executor that effect tasks prefer.
  nonisolated var taskExecutor: any TaskExecutor { get }
}
