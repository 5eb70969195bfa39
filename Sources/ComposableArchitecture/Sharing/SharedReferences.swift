import Foundation

/// The shared values made in one context (a store's dependencies, or the process), by key:
/// every `@Shared` with the same key refers to the same value.
///
/// ```swift
/// withDependencies {
///   $0.sharedReferences = SharedReferences()  // values of their own
/// } operation: {
///   @Shared(.inMemory("score")) var score = 0
/// }
/// ```
public final class SharedReferences: @unchecked Sendable {
  private let lock = NSLock()
  private var references: [AnyHashable: AnyObject] = [:]
  /// The test store watching the shared values made here, if any.
  let changeTracker: SharedChangeTracker?

  /// An empty context.
  public init() {
    self.changeTracker = nil
  }

  init(changeTracker: SharedChangeTracker) {
    self.changeTracker = changeTracker
  }

  /// The reference stored for `key`, or `make()` stored for it.
  func reference<Key: SharedKey>(
    for key: Key, make: () -> SharedReference<Key.Value>
  ) -> SharedReference<Key.Value> {
    self.lock.lock()
    defer { self.lock.unlock() }
    let id = AnyHashable(SharedKeyID(type: ObjectIdentifier(Key.self), id: key.id))
    if let reference = self.references[id] as? SharedReference<Key.Value> { return reference }
    let reference = make()
    self.references[id] = reference
    return reference
  }
}

private struct SharedKeyID<ID: Hashable>: Hashable {
  let type: ObjectIdentifier
  let id: ID
}
