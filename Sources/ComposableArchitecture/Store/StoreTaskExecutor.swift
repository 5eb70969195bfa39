/// The task executor of a ``StoreExecutor`` for nonisolated work, made by
/// ``StoreExecutor/nonisolatedExecutor``.
///
/// Its jobs run on the executor's thread, in order with the jobs of the executor's actors, but
/// not isolated to them: nonisolated async code that prefers it (a store's effects) runs without
/// hops, and only entering an actor costs one.
public final class StoreTaskExecutor: TaskExecutor, @unchecked Sendable {
  /// The executor whose thread runs the jobs.
  // NB: Unowned: the executor holds this object, and a strong reference back would keep every
  //     executor alive forever. A task must not outlive the executor it prefers, since nothing
  //     would run its jobs; if it does, enqueueing it traps instead of touching freed memory.
  public unowned let base: StoreExecutor

  init(base: StoreExecutor) {
    self.base = base
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    self.base.enqueue(UnownedJob(job), isIsolated: false)
  }
}
