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
  @usableFromInline let base: any Hashable & Sendable
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
      self.init(base: value, type: ObjectIdentifier(Value.self), hash: value.hashValue)
    }
  }

  @usableFromInline
  init(base: any Hashable & Sendable, type: ObjectIdentifier?, hash: Int) {
    self.base = base
    self.type = type
    self.hash = hash
  }

  /// Erases the value inside an existential as if it had been given directly.
  @usableFromInline
  static func erasing(_ value: any Hashable & Sendable) -> Self {
    func erase<Value: Hashable & Sendable>(_ value: Value) -> Self { Self(value) }
    return erase(value)
  }

  @usableFromInline
  init(anyHashable value: any Hashable & Sendable) {
    self.init(base: value, type: nil, hash: AnyHashable(value).hashValue)
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.hash == rhs.hash else { return false }
    switch (lhs.type, rhs.type) {
    case let (left?, right?):
      return left == right && lhs.base._isEqual(toSameType: rhs.base)
    default:
      // NB: A value wrapped in `AnyHashable` equals the same value unwrapped.
      return AnyHashable(lhs.base) == AnyHashable(rhs.base)
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
