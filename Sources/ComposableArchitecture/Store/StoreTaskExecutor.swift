/// The task executor of a ``StoreExecutor`` for nonisolated work, made by
/// ``StoreExecutor/nonisolatedExecutor``.
///
/// Its jobs run on the executor's thread, in order with the jobs of the executor's actors, but
/// not isolated to them: nonisolated async code that prefers it (a store's effects) runs without
/// hops, and only entering an actor costs one.
public final class StoreTaskExecutor: TaskExecutor, @unchecked Sendable {
  // NB: Not retained: the executor owns this object, and it must outlive the tasks that prefer
  //     it anyway, since it runs their jobs.
  unowned(unsafe) let base: StoreExecutor

  init(base: StoreExecutor) {
    self.base = base
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    self.base.enqueue(UnownedJob(job), isIsolated: false)
  }
}
