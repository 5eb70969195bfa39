/// Where a ``Shared`` or ``SharedReader`` reads and changes its value: a whole shared value
/// (``SharedReference``), or a part of one (``SharedProjection``).
protocol SharedAccess<Value>: AnyObject, Sendable {
  associatedtype Value
  /// The value; inside a test store's assertion closure, the value the test expects so far.
  var wrappedValue: Value { get }
  /// Changes the value while no one else can.
  func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R
  /// Which value this is.
  var identity: SharedIdentity { get }
}
