/// The effects started by one ``Store/send(_:)``: await them, or cancel them.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let rawValue: Task<Void, Never>?
  /// A timer the send armed without a task (``Effect/send(_:after:clock:)``), when it started
  /// nothing else.
  let timer: TimerArming?

  @usableFromInline
  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
    self.timer = nil
  }

  init(timer: TimerArming) {
    self.rawValue = nil
    self.timer = timer
  }

  /// Cancels the effects.
  public func cancel() {
    self.rawValue?.cancel()
    self.timer?.cancel()
  }

  /// Waits until the effects have finished.
  nonisolated(nonsending)
    public func finish() async
  {
    await self.rawValue?.value
    await self.timer?.finished()
  }

  /// Whether the effects were cancelled; `true` when there were none.
  public var isCancelled: Bool {
    if let timer = self.timer { return timer.isCancelled }
    return self.rawValue?.isCancelled ?? true
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.rawValue == rhs.rawValue else { return false }
    switch (lhs.timer, rhs.timer) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return lhs.isSame(as: rhs)
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.rawValue)
    hasher.combine(self.timer.map { ObjectIdentifier($0.part) })
    hasher.combine(self.timer?.arming)
  }

  /// Combines the tasks and timers started by one send into one task.
  @usableFromInline
  static func combining(_ tasks: [Task<Void, Never>], timers: [TimerArming] = []) -> StoreTask {
    switch (tasks.count, timers.count) {
    case (0, 0): return StoreTask(rawValue: nil)
    case (1, 0): return StoreTask(rawValue: tasks[0])
    case (0, 1): return StoreTask(timer: timers[0])
    default:
      return StoreTask(
        rawValue: Task {
          await withTaskCancellationHandler {
            for task in tasks { await task.value }
            for timer in timers { await timer.finished() }
          } onCancel: {
            for task in tasks { task.cancel() }
            for timer in timers { timer.cancel() }
          }
        }
      )
    }
  }
}
