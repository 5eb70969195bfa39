import Dependencies
import Synchronization

/// The last value a ``ResolvedDependency`` resolved, and the dependencies it resolved it in.
///
/// Two `DependencyValues` whose bytes are equal share their storage, so they hold the same
/// values: comparing the bytes is an exact test that costs no lookup. The cache keeps the
/// dependencies it compares with, so their storage cannot be freed and its address reused.
final class ResolvedDependencyCache<Value>: @unchecked Sendable {
  private struct Entry {
    var dependencies: DependencyValues
    var value: Value
  }

  private let lock = Mutex(())
  // NB: Used only under `lock`.
  private var entry: Entry?

  func value(in dependencies: DependencyValues) -> Value? {
    self.lock.withLock { _ in
      guard let entry = self.entry, Self.areSame(entry.dependencies, dependencies) else { return nil }
      return entry.value
    }
  }

  func store(_ value: Value, in dependencies: DependencyValues) {
    self.lock.withLock { _ in self.entry = Entry(dependencies: dependencies, value: value) }
  }

  private static func areSame(_ lhs: DependencyValues, _ rhs: DependencyValues) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in
      withUnsafeBytes(of: rhs) { rhs in
        lhs.elementsEqual(rhs)
      }
    }
  }
}
