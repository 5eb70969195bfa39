/// A hashable, sendable value of any type, hashed once and compared without `AnyHashable`.
///
/// `AnyHashable` compares by boxing both sides and casting one back to the other's type; the
/// runtime does that on every look-up of a cancellation id. An erased id keeps its type's
/// identity beside the value, so that values of one type compare through their own `==`, with
/// no cast and no box.
///
/// Values whose `AnyHashable` equality crosses types (integers of different widths, values
/// already type-erased) keep `AnyHashable`'s meaning and compare through it.
@usableFromInline
struct ErasedID: HashedOnce, @unchecked Sendable {
  /// How the value is kept.
  @usableFromInline
  enum Storage {
    /// A value of a plain type (no references, at most 24 bytes), by its bytes: copying and
    /// destroying it runs none of its type's code, and equal bytes are equal values.
    case plain(PlainBytes, any (Hashable & Sendable).Type)
    case value(any Hashable & Sendable)
  }

  /// The bytes of a plain value, zeros past its size.
  @usableFromInline
  struct PlainBytes: Equatable {
    @usableFromInline var words: (UInt64, UInt64, UInt64) = (0, 0, 0)

    @inlinable
    init() {}

    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
    }
  }

  @usableFromInline let storage: Storage
  /// The value's type, or `nil` when it compares as `AnyHashable` does.
  @usableFromInline let type: ObjectIdentifier?
  @usableFromInline let hash: Int

  /// Erases `value`, with `AnyHashable`'s equality.
  @inlinable
  init<Value: Hashable & Sendable>(_ value: Value) {
    if let erased = value as? ErasedID {
      self = erased
    } else if let erased = value as? AnyHashableSendable {
      self = Self.erasing(erased.base)
    } else if Value.self is any _HasCustomAnyHashableRepresentation.Type {
      self.init(anyHashable: value)
    } else {
      self.init(exactly: value)
    }
  }

  /// Erases `value`, equal only to values of the same type; for ids made by this library.
  ///
  /// Class instances compare as `AnyHashable` compares them: an instance's dynamic type may be
  /// a subclass of the type it was given as, and its equality is its Hashable ancestor's.
  @inlinable
  init<Value: Hashable & Sendable>(exactly value: Value) {
    if Value.self is AnyObject.Type {
      self.init(anyHashable: value)
    } else {
      self.init(storage: Self.storage(of: value), type: ObjectIdentifier(Value.self), hash: value.hashValue)
    }
  }

  @usableFromInline
  init(storage: Storage, type: ObjectIdentifier?, hash: Int) {
    self.storage = storage
    self.type = type
    self.hash = hash
  }

  /// `value` kept by its bytes when its type is plain and small enough, else as it is.
  @inlinable
  static func storage<Value: Hashable & Sendable>(of value: Value) -> Storage {
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<PlainBytes>.size,
      MemoryLayout<Value>.alignment <= MemoryLayout<PlainBytes>.alignment
    else { return .value(value) }
    var bytes = PlainBytes()
    withUnsafeMutableBytes(of: &bytes) { target in
      withUnsafeBytes(of: value) { target.copyMemory(from: $0) }
    }
    return .plain(bytes, Value.self)
  }

  /// Erases the value inside an existential as if it had been given directly.
  @usableFromInline
  static func erasing(_ value: any Hashable & Sendable) -> Self {
    func erase<Value: Hashable & Sendable>(_ value: Value) -> Self { Self(value) }
    return erase(value)
  }

  @usableFromInline
  init(anyHashable value: any Hashable & Sendable) {
    self.init(storage: .value(value), type: nil, hash: AnyHashable(value).hashValue)
  }

  /// The value, as it was given.
  @usableFromInline
  var base: any Hashable & Sendable {
    switch self.storage {
    case let .value(value): return value
    case let .plain(bytes, type): return Self.load(type, from: bytes)
    }
  }

  private static func load<Value: Hashable & Sendable>(_: Value.Type, from bytes: PlainBytes) -> any Hashable & Sendable
  {
    withUnsafeBytes(of: bytes) { $0.load(as: Value.self) }
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.hash == rhs.hash else { return false }
    guard let left = lhs.type, let right = rhs.type else {
      // NB: A value wrapped in `AnyHashable` equals the same value unwrapped.
      return AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }
    guard left == right else { return false }
    if case let .plain(leftBytes, type) = lhs.storage, case let .plain(rightBytes, _) = rhs.storage {
      // NB: Equal bytes are one value; unequal ones may differ only in padding.
      return leftBytes == rightBytes || Self.arePlainEqual(type, leftBytes, rightBytes)
    }
    return lhs.base._isEqual(toSameType: rhs.base)
  }

  @usableFromInline
  static func arePlainEqual<Value: Hashable & Sendable>(_: Value.Type, _ lhs: PlainBytes, _ rhs: PlainBytes) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in
      withUnsafeBytes(of: rhs) { rhs in lhs.load(as: Value.self) == rhs.load(as: Value.self) }
    }
  }
}

extension Hashable {
  /// Whether `other`, whose dynamic type is known to be `Self`, equals this value.
  @usableFromInline
  func _isEqual(toSameType other: any Hashable & Sendable) -> Bool {
    func compare<Other: Hashable & Sendable>(_ other: Other) -> Bool {
      withUnsafePointer(to: other) {
        $0.withMemoryRebound(to: Self.self, capacity: 1) { self == $0.pointee }
      }
    }
    return compare(other)
  }
}

extension ErasedID: CustomStringConvertible, CustomDebugStringConvertible {
  @usableFromInline
  var description: String { String(describing: self.base) }

  @usableFromInline
  var debugDescription: String { String(reflecting: self.base) }
}
