import Dependencies

/// A dependency read as `@Dependency` reads it, but resolved once for each set of dependencies
/// it is read in (in a store: once per store, again only when the store's dependencies change),
/// instead of merged and cast on every read.
///
/// swift-dependencies' `@Dependency` merges the values captured where the reducer was made
/// with the task's current ones, pushes the result as a task-local and casts the stored value
/// back to its type on every read: about a microsecond for a clock on a small server. A reducer
/// that reads a dependency on every action (a game's move clock) can use this wrapper instead.
/// It gives the same value: `withDependencies`, `TestStore.dependencies` and the `.dependency`
/// reducer modifier all take effect, since any change of the current dependencies is a miss.
///
/// ```swift
/// @Reducer
/// struct Game {
///   @ResolvedDependency(\.continuousClock) var clock
///   @ResolvedDependency(\.date) var date
///   // ...
/// }
/// ```
///
/// The key path must name a dependency (`\.continuousClock`, `\.date`), not a value computed
/// from one (`\.date.now`): that value would be resolved once too.
///
/// Not part of TCA's API.
@propertyWrapper
public struct ResolvedDependency<Value>: @unchecked Sendable {
  /// How a miss is read: exactly as `@Dependency` reads it.
  @usableFromInline let dependency: Dependency<Value>
  @usableFromInline let cache = ResolvedDependencyCache<Value>()

  /// A dependency read through `keyPath`, as `@Dependency(keyPath)` reads it.
  public init(
    _ keyPath: any KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.dependency = Dependency(keyPath, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // NB: Inlinable so that a hit is code specialized for the value's type, with no generic
  //     metadata looked up on every read.
  @inlinable
  public var wrappedValue: Value {
    let current = DependencyValues._current
    if let value = self.cache.value(in: current) { return value }
    let value = self.dependency.wrappedValue
    self.cache.store(value, in: current)
    return value
  }

  /// The wrapper, for ``read(_:)``: `self.$clock.read(...)`.
  public var projectedValue: Self { self }

  /// A part of the dependency's value, read where the value is kept instead of copying all of
  /// it: for a dependency that is a struct of many closures, of which a reducer reads one flag
  /// on every action. The value is the one ``wrappedValue`` gives. `part` runs while the
  /// wrapper's cache is locked: it must not read this same dependency again (that would wait on
  /// itself); reading others is fine.
  ///
  /// ```swift
  /// @ResolvedDependency(\.cluster) var cluster
  /// // ...
  /// guard self.$cluster.read(\.isClustered) else { return effect }
  /// ```
  @inlinable
  public func read<Part>(_ part: (Value) -> Part) -> Part {
    let current = DependencyValues._current
    if let hit = self.cache.read(in: current, part) { return hit }
    return part(self.wrappedValue)
  }
}
