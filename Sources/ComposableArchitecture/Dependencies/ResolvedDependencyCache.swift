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
      guard self.isCached(for: dependencies) else { return nil }
      return self.value
    }
  }

  /// `part` of the cached value, read in place, if it was cached for `dependencies`.
  @inlinable
  func read<Part>(in dependencies: DependencyValues, _ part: (Value) -> Part) -> Part? {
    // NB: Handed out through a variable: the lock's result must be `sending`, and a part of a
    //     value this lock guards is the caller's to judge (as the value itself is).
    nonisolated(unsafe) var read: Part?
    self.lock.withLock { _ in
      guard self.isCached(for: dependencies) else { return }
      // NB: Through the field's address, so that `part` reads the value where it is: read as
      //     `self.value.map(part)`, the whole value is copied out first (a retain and a release
      //     of every closure in a struct of closures).
      read = withUnsafeMutablePointer(to: &self.value) { $0.pointee.map(part) }
    }
    return read
  }

  @inlinable
  func store(_ value: Value, in dependencies: DependencyValues) {
    self.lock.withLock { _ in
      self.dependencies = dependencies
      self.value = value
    }
  }

  /// Whether the value kept was resolved in `dependencies`. Only under `lock`.
  // NB: Compared where the kept dependencies are: `guard let cached = self.dependencies` copies
  //     them out (a retain and a release of their storage on every read).
  @inlinable
  func isCached(for dependencies: DependencyValues) -> Bool {
    withUnsafeMutablePointer(to: &self.dependencies) { kept in
      kept.pointee.map { Self.areSame($0, dependencies) } ?? false
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
