import Dependencies
import Synchronization

/// The last value a ``ResolvedDependency`` resolved, and the dependencies it resolved it in.
///
/// Two `DependencyValues` whose bytes are equal share their storage, so they hold the same
/// values: comparing the bytes is an exact test that costs no lookup. The cache keeps the
/// dependencies it compares with, so their storage cannot be freed and its address reused.
// NB: Inlinable throughout, so that the code reading a dependency is specialized for its
//     value's type where it is read.
@usableFromInline
final class ResolvedDependencyCache<Value>: @unchecked Sendable {
  @usableFromInline let lock = Mutex(())
  // NB: Used only under `lock` (so not checked for exclusive access at run time as well). Kept
  //     apart, so that a hit compares the dependencies where they are and copies only the value.
  @exclusivity(unchecked) @usableFromInline var dependencies: DependencyValues?
  @exclusivity(unchecked) @usableFromInline var value: Value?

  @inlinable
  init() {}

  @inlinable
  func value(in dependencies: DependencyValues) -> Value? {
    self.lock.withLock { _ in
      guard let cached = self.dependencies, Self.areSame(cached, dependencies) else { return nil }
      return self.value
    }
  }

  @inlinable
  func store(_ value: Value, in dependencies: DependencyValues) {
    self.lock.withLock { _ in
      self.dependencies = dependencies
      self.value = value
    }
  }

  @inlinable
  static func areSame(_ lhs: DependencyValues, _ rhs: DependencyValues) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in
      withUnsafeBytes(of: rhs) { rhs in
        lhs.elementsEqual(rhs)
      }
    }
  }
}
