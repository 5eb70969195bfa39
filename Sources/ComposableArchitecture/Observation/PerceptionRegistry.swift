import Synchronization

/// Who watches which field: filled as perception scopes end, emptied as fields change.
final class PerceptionRegistry: Sendable {
  static let shared = PerceptionRegistry()

  private struct Table {
    var watchers: [PerceivedField: [ObjectIdentifier: PerceptionObserver]] = [:]
    var watched: [ObjectIdentifier: Set<PerceivedField>] = [:]

    /// Forgets `observer`; whether it was there.
    mutating func remove(_ observer: ObjectIdentifier) -> Bool {
      guard let fields = self.watched.removeValue(forKey: observer) else { return false }
      for field in fields {
        self.watchers[field]?.removeValue(forKey: observer)
        if self.watchers[field]?.isEmpty == true { self.watchers.removeValue(forKey: field) }
      }
      return true
    }
  }

  private let table = Mutex(Table())

  /// Makes `observer` wait for a change of any of `fields`, unless it has fired already.
  func register(_ observer: PerceptionObserver, watching fields: Set<PerceivedField>) {
    guard !fields.isEmpty else { return }
    self.table.withLock { table in
      guard !observer.hasFired else { return }
      let key = ObjectIdentifier(observer)
      table.watched[key] = fields
      for field in fields { table.watchers[field, default: [:]][key] = observer }
      _perceptionActivity.add(1, ordering: .relaxed)
    }
  }

  /// Forgets `observer` (it was told of a change some other way).
  func unregister(_ observer: PerceptionObserver) {
    self.table.withLock { table in
      if table.remove(ObjectIdentifier(observer)) {
        _perceptionActivity.subtract(1, ordering: .relaxed)
      }
    }
  }

  /// Forgets and then tells every observer of `field`.
  func change(_ field: PerceivedField) {
    let observers = self.table.withLock { table -> [PerceptionObserver] in
      guard let observers = table.watchers[field] else { return [] }
      for key in observers.keys {
        if table.remove(key) { _perceptionActivity.subtract(1, ordering: .relaxed) }
      }
      return Array(observers.values)
    }
    for observer in observers { observer.fire() }
  }
}
