import Synchronization

/// The effects started by actions that one test-store effect sent, so that cancelling the
/// effect cancels them too, as in TCA: cancelling the task a `send` returns ends everything
/// that send led to.
///
/// While a test store's `send` is handled, the store adds each effect it starts to that send's
/// cascade and starts the effect with the cascade as ``current``; an effect's own sends start
/// effects under the cascade it carries, so they are added too.
///
/// ```swift
/// let task = await store.send(.task)      // its effect sends .response, which starts more
/// await store.receive(.response)
/// await task.cancel()                     // cancels the effects .response started too
/// ```
public final class _EffectCascade: Sendable {
  private let state = Mutex<(tasks: [Task<Void, Never>], isCancelled: Bool)>(([], false))

  @TaskLocal public static var current: _EffectCascade?

  init() {}

  /// Adds an effect started under this cascade; cancels it at once if the cascade is cancelled.
  public func add(_ task: Task<Void, Never>) {
    let isCancelled = self.state.withLock { state -> Bool in
      if !state.isCancelled { state.tasks.append(task) }
      return state.isCancelled
    }
    if isCancelled { task.cancel() }
  }

  /// Cancels every effect added so far, and those added later; returns those it cancelled.
  @discardableResult
  func cancel() -> [Task<Void, Never>] {
    let tasks = self.state.withLock { state -> [Task<Void, Never>] in
      state.isCancelled = true
      defer { state.tasks.removeAll() }
      return state.tasks
    }
    for task in tasks { task.cancel() }
    return tasks
  }
}
