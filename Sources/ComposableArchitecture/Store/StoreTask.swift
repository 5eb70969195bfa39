/// The effects started by one ``Store/send(_:)``: await them, or cancel them.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let rawValue: Task<Void, Never>?

  @usableFromInline
  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  /// Cancels the effects.
  public func cancel() {
    self.rawValue?.cancel()
  }

  /// Waits until the effects have finished.
  nonisolated(nonsending)
  public func finish() async {
    await self.rawValue?.value
  }

  /// Whether the effects were cancelled; `true` when there were none.
  public var isCancelled: Bool {
    self.rawValue?.isCancelled ?? true
  }

  /// Combines the tasks started by one send into one task.
  @usableFromInline
  static func combining(_ tasks: [Task<Void, Never>]) -> StoreTask {
    switch tasks.count {
    case 0: return StoreTask(rawValue: nil)
    case 1: return StoreTask(rawValue: tasks[0])
    default:
      return StoreTask(
        rawValue: Task {
          await withTaskCancellationHandler {
            for task in tasks { await task.value }
          } onCancel: {
            for task in tasks { task.cancel() }
          }
        }
      )
    }
  }
}
