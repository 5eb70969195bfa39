import Synchronization

/// The change handler of one ``withPerceptionTracking(_:onChange:)``, called at most once.
final class PerceptionObserver: Sendable {
  private let onChange: @Sendable () -> Void
  private let fired = Atomic<Bool>(false)

  init(_ onChange: @escaping @Sendable () -> Void) {
    self.onChange = onChange
  }

  var hasFired: Bool { self.fired.load(ordering: .acquiring) }

  /// Calls the handler unless it was called already.
  func fire() {
    if !self.fired.exchange(true, ordering: .acquiringAndReleasing) { self.onChange() }
  }
}
