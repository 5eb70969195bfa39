import Foundation
import Synchronization

/// A shared value a test store watches.
protocol TrackedSharedReference: AnyObject, Sendable {
  /// How the value differs from the one the test expects; `nil` when it does not.
  var changeDescription: String? { get }
  func resetSnapshot()
}

/// The shared values a test store's steps changed, so that its assertions can check them.
///
/// A test store gives one to the shared values made with its dependencies (through
/// ``SharedReferences``). While a step runs, a shared value it changes keeps the value it had at
/// the last assertion; an assertion closure changes that kept value
/// (`$0.$count.withLock { $0 += 1 }`), and the step's assertion checks it against the real one.
final class SharedChangeTracker: Sendable {
  private let tracked = Mutex<[ObjectIdentifier: any TrackedSharedReference]>([:])
  private let _isAsserting = Atomic(false)
  private let _hasTracked = Atomic(false)
  private let _stepChangedValues = Atomic(false)

  /// Whether an assertion closure is running: shared changes then change what the test
  /// expects.
  var isAsserting: Bool {
    get { self._isAsserting.load(ordering: .acquiring) }
    set { self._isAsserting.store(newValue, ordering: .releasing) }
  }

  /// Whether a step (not an assertion closure) changed a shared value since the last assertion.
  var stepChangedValues: Bool { self._stepChangedValues.load(ordering: .acquiring) }

  func track(_ reference: some TrackedSharedReference, byStep: Bool) {
    self.tracked.withLock { $0[ObjectIdentifier(reference)] = reference }
    self._hasTracked.store(true, ordering: .releasing)
    if byStep { self._stepChangedValues.store(true, ordering: .releasing) }
  }

  /// The failure to report when shared values changed in ways the test did not expect; and
  /// from now on the test has asserted the shared values as they are.
  func takeUnassertedChanges() -> String? {
    guard self._hasTracked.load(ordering: .acquiring) else { return nil }
    let tracked = self.tracked.withLock { tracked in
      defer { tracked.removeAll() }
      return Array(tracked.values)
    }
    self._hasTracked.store(false, ordering: .releasing)
    self._stepChangedValues.store(false, ordering: .releasing)
    let changes = tracked.compactMap(\.changeDescription)
    for reference in tracked { reference.resetSnapshot() }
    guard !changes.isEmpty else { return nil }
    return """
      A shared value changed in a way the test did not expect: …

      \(changes.map { $0.indent(by: 4) }.joined(separator: "\n\n"))

      Assert it in the closure, as in "$0.$count.withLock { $0 = 1 }".
      """
  }
}
