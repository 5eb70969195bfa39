import Synchronization

/// Whether a database's writes are failing, told once per change rather than once per write:
/// the first failure gives `.writesFailing` (and the writer starts probing), the first success
/// after it `.writesRecovered`. Safe from any thread.
///
/// ```swift
/// if health.failed(StorageProblem(error)) { startProbing() }
/// health.succeeded()   // .writesRecovered, if writes were failing
/// ```
package final class WriteHealth: Sendable {
  private let failing = Mutex(false)
  private let onEvent: @Sendable (StorageEvent) -> Void

  package init(onEvent: @escaping @Sendable (StorageEvent) -> Void) {
    self.onEvent = onEvent
  }

  /// Whether the last write failed.
  package var isFailing: Bool { self.failing.withLock { $0 } }

  /// A write worked.
  package func succeeded() {
    let recovered = self.failing.withLock { failing -> Bool in
      defer { failing = false }
      return failing
    }
    if recovered { self.onEvent(.writesRecovered) }
  }

  /// A write failed; returns whether writes worked until now (the writer starts a probe then).
  package func failed(_ problem: @autoclosure () -> StorageProblem) -> Bool {
    let started = self.failing.withLock { failing -> Bool in
      defer { failing = true }
      return !failing
    }
    if started { self.onEvent(.writesFailing(problem())) }
    return started
  }
}
