import Synchronization

/// The fields read inside one ``withPerceptionTracking(_:onChange:)``.
final class PerceptionCollector: Sendable {
  @TaskLocal static var current: PerceptionCollector?

  private let fields = Mutex<Set<PerceivedField>>([])

  func insert(_ field: PerceivedField) {
    _ = self.fields.withLock { $0.insert(field) }
  }

  func formUnion(_ other: Set<PerceivedField>) {
    self.fields.withLock { $0.formUnion(other) }
  }

  var collected: Set<PerceivedField> {
    self.fields.withLock { $0 }
  }
}
