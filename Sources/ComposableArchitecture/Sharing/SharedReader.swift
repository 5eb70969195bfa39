/// A shared value that can be read but not changed here: a view of a ``Shared`` value that
/// another feature owns, or of a key's storage.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @SharedReader(.inMemory("count")) var count = 0
///   @SharedReader var settings: Settings   // SharedReader(parent.$settings)
/// }
/// ```
///
/// It always reads the value as it is now: changes made through any ``Shared`` of the value
/// show through it. A part of it is a reader too: `$settings.volume`.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value> {
  private let read: @Sendable () -> Value
  /// Which shared value it reads, for equality; `nil` for a constant.
  private let identity: SharedIdentity?

  private init(identity: SharedIdentity?, read: @escaping @Sendable () -> Value) {
    self.identity = identity
    self.read = read
  }

  /// A reader of `shared`.
  public init(_ shared: Shared<Value>) {
    let reference = shared.reference
    self.init(identity: reference.identity) { reference.wrappedValue }
  }

  /// A reader of `wrappedValue` itself, which never changes: a stand-in in tests and previews.
  public init(value: sending Value) {
    nonisolated(unsafe) let value = value
    self.init(identity: nil) { value }
  }

  /// A reader of the value stored under `key`, or of `wrappedValue` (stored there) when none is.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(Shared(wrappedValue: wrappedValue(), key))
  }

  /// The shared value as it is now.
  public var wrappedValue: Value { self.read() }

  /// The reader itself: `state.$count`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A part of the shared value, read-only too: `$settings.volume`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    nonisolated(unsafe) let keyPath = keyPath
    let read = self.read
    return SharedReader<Member>(identity: self.identity?.appending(keyPath)) {
      read()[keyPath: keyPath]
    }
  }
}

extension Shared {
  /// A read-only view of this shared value.
  public var reader: SharedReader<Value> { SharedReader(self) }
}

extension SharedReader: @unchecked Sendable where Value: Sendable {}

extension SharedReader: Equatable where Value: Equatable {
  /// Two readers are equal when they read one value, or read equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if let identity = lhs.identity, identity == rhs.identity { return true }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.wrappedValue)
  }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { self.wrappedValue }
}

extension SharedReader: CustomStringConvertible {
  public var description: String { String(describing: self.wrappedValue) }
}
