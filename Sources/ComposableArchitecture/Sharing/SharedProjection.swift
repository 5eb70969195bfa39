/// A part of another shared value, reached by a key path: `$settings.volume`. Reading it reads
/// the whole value; changing it changes the whole value under its lock, so a test store and
/// the key's storage see the change as the whole value's.
final class SharedProjection<Root, Value>: SharedAccess, @unchecked Sendable {
  private let base: any SharedAccess<Root>
  private let keyPath: WritableKeyPath<Root, Value>

  init(_ base: any SharedAccess<Root>, _ keyPath: WritableKeyPath<Root, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var wrappedValue: Value { self.base.wrappedValue[keyPath: self.keyPath] }

  func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try self.base.withLock { try operation(&$0[keyPath: self.keyPath]) }
  }

  var identity: SharedIdentity { self.base.identity.appending(self.keyPath) }
}
