/// A value that several features (and effects) share by reference, optionally kept in a
/// ``SharedKey``'s storage place: in memory by name, or in a JSON file.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Shared(.inMemory("count")) var count = 0
/// }
/// // In the reducer:
/// state.$count.withLock { $0 += 1 }
/// ```
///
/// Read it as a plain property; change it with ``withLock(_:)`` on the projected value. In a
/// ``TestStore``, a step's changes to shared values must be asserted like state:
/// `$0.$count.withLock { $0 = 1 }` in the closure states the expected value.
///
/// A part of a shared value is shared too: `state.$settings.volume` is a `Shared<Int>` that
/// reads and changes the `volume` of the one `settings` value.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value> {
  let reference: any SharedAccess<Value>

  init(reference: any SharedAccess<Value>) {
    self.reference = reference
  }

  /// A shared value of its own, in memory only.
  public init(value: Value) {
    @Dependency(\.sharedReferences) var references
    self.reference = SharedReference(value, tracker: references.changeTracker)
  }

  /// The value stored under `key`, or `wrappedValue` (stored there) when none is.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.reference = key.references.reference(for: key) {
      let initial: Value
      if let loaded = key.load() {
        initial = loaded
      } else {
        initial = wrappedValue()
        key.save(initial)
      }
      return SharedReference(
        initial, save: { key.save($0) }, tracker: key.references.changeTracker)
    }
  }

  /// The shared value.
  public var wrappedValue: Value { self.reference.wrappedValue }

  /// The shared value itself, to change it: `state.$count.withLock { $0 += 1 }`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Changes the value while no one else can; the key's storage is updated after.
  @discardableResult
  public func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try self.reference.withLock(operation)
  }

  /// A part of the shared value, shared with it: `$settings.volume`.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member> {
    Shared<Member>(reference: SharedProjection(self.reference, keyPath))
  }
}

extension Shared: @unchecked Sendable where Value: Sendable {}

extension Shared: Equatable where Value: Equatable {
  /// Two shared values are equal when they refer to one value, or hold equal values.
  ///
  /// A test store checks a step's changes to a shared value separately (see ``Shared``).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reference.identity == rhs.reference.identity || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.wrappedValue)
  }
}

extension Shared: CustomDumpRepresentable {
  public var customDumpValue: Any { self.wrappedValue }
}

extension Shared: CustomStringConvertible {
  public var description: String { String(describing: self.wrappedValue) }
}
