import Synchronization

/// The effect tasks of a store that have not finished.
final class InFlightEffects: Sendable {
  private struct Storage {
    var next: UInt64 = 0
    var tasks: [UInt64: Task<Void, Never>] = [:]
    var finishedEarly: Set<UInt64> = []
  }

  private let storage = Mutex(Storage())

  /// An id for a task about to start.
  func reserve() -> UInt64 {
    self.storage.withLock { storage in
      defer { storage.next &+= 1 }
      return storage.next
    }
  }

  func insert(_ task: Task<Void, Never>, id: UInt64) {
    self.storage.withLock { storage in
      if storage.finishedEarly.remove(id) == nil {
        storage.tasks[id] = task
      }
    }
  }

  func finish(_ id: UInt64) {
    self.storage.withLock { storage in
      if storage.tasks.removeValue(forKey: id) == nil {
        storage.finishedEarly.insert(id)
      }
    }
  }

  var count: Int {
    self.storage.withLock { $0.tasks.count }
  }

  var tasks: [Task<Void, Never>] {
    self.storage.withLock { Array($0.tasks.values) }
  }

  func cancelAll() {
    for task in self.tasks { task.cancel() }
  }
}
