import Foundation

/// The value a ``Shared`` refers to, and what a test store needs to assert its changes.
final class SharedReference<Value>: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var value: Value
  /// The value as of the test store's last assertion, while a step has changed it (or while an
  /// assertion closure builds the expected value).
  private var snapshot: Value?
  private let save: ((Value) -> Void)?
  /// The test store watching this value, when it was made with a test store's dependencies.
  private weak var tracker: SharedChangeTracker?

  init(_ value: Value, save: ((Value) -> Void)? = nil, tracker: SharedChangeTracker?) {
    self.value = value
    self.save = save
    self.tracker = tracker
  }

  /// The value; inside a test store's assertion closure, the value the test expects so far.
  var wrappedValue: Value {
    self.lock.lock()
    defer { self.lock.unlock() }
    if let snapshot, let tracker = self.tracker, tracker.isAsserting {
      return snapshot
    }
    return self.value
  }

  func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    self.lock.lock()
    defer { self.lock.unlock() }
    if let tracker = self.tracker {
      // NB: An assertion closure changes the value the test expects, not the value itself.
      if tracker.isAsserting {
        var expected = self.snapshot ?? self.value
        defer { self.snapshot = expected }
        tracker.track(self, byStep: false)
        return try operation(&expected)
      }
      if self.snapshot == nil { self.snapshot = self.value }
      tracker.track(self, byStep: true)
    }
    let result = try operation(&self.value)
    self.save?(self.value)
    return result
  }

  /// Forgets the value as of the last assertion: the test has now asserted the current one.
  func resetSnapshot() {
    self.lock.lock()
    defer { self.lock.unlock() }
    self.snapshot = nil
  }
}

extension SharedReference: SharedAccess {
  var identity: SharedIdentity { SharedIdentity(root: ObjectIdentifier(self), path: nil) }
}

extension SharedReference: TrackedSharedReference {
  var changeDescription: String? {
    self.lock.lock()
    defer { self.lock.unlock() }
    guard let snapshot = self.snapshot else { return nil }
    if let equal = _isEqual(snapshot, self.value), equal { return nil }
    return diff(snapshot, self.value).map { "\($0)\n\n(Expected: −, Actual: +)" }
      ?? "Expected \(String(customDumping: snapshot)), actual \(String(customDumping: self.value))"
  }
}

/// Whether two values are equal, when their type is `Equatable`.
func _isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
  func open<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
  guard let lhs = lhs as? any Equatable else { return nil }
  return open(lhs)
}
