import Synchronization

/// Who watches which field: filled as perception scopes end, emptied as fields change.
final class PerceptionRegistry: Sendable {
  static let shared = PerceptionRegistry()

  private struct Table {
    var watchers: [PerceivedField: [ObjectIdentifier: PerceptionObserver]] = [:]
    var watched: [ObjectIdentifier: Set<PerceivedField>] = [:]

    /// Makes `observer` wait for `fields`, and counts it as activity.
    mutating func insert(_ observer: PerceptionObserver, watching fields: Set<PerceivedField>) {
      let key = ObjectIdentifier(observer)
      self.watched[key] = fields
      for field in fields { self.watchers[field, default: [:]][key] = observer }
      _perceptionActivity.add(1, ordering: .relaxed)
    }

    /// Forgets `observer`, if it is waiting, and no longer counts it as activity.
    mutating func remove(_ observer: ObjectIdentifier) {
      guard let fields = self.watched.removeValue(forKey: observer) else { return }
      for field in fields {
        self.watchers[field]?.removeValue(forKey: observer)
        if self.watchers[field]?.isEmpty == true { self.watchers.removeValue(forKey: field) }
      }
      _perceptionActivity.subtract(1, ordering: .relaxed)
    }
  }

  private let table = Mutex(Table())

  /// Makes `observer` wait for a change of any of `fields`, unless it has fired already.
  func register(_ observer: PerceptionObserver, watching fields: Set<PerceivedField>) {
    guard !fields.isEmpty else { return }
    self.table.withLock { table in
      if !observer.hasFired { table.insert(observer, watching: fields) }
    }
  }

  /// Forgets `observer` (it was told of a change some other way).
  func unregister(_ observer: PerceptionObserver) {
    self.table.withLock { $0.remove(ObjectIdentifier(observer)) }
  }

  /// Forgets and then tells every observer of `field`.
  func change(_ field: PerceivedField) {
    let observers = self.table.withLock { table -> [PerceptionObserver] in
      guard let observers = table.watchers[field] else { return [] }
      for key in observers.keys { table.remove(key) }
      return Array(observers.values)
    }
    for observer in observers { observer.fire() }
  }
}
