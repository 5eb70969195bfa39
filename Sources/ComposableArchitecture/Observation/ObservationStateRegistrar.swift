/// The storage that ``ObservableState()`` adds to a state type: its identity, and the hooks its
/// fields' accessors call.
///
/// It never takes part in equality, hashing or coding, so it does not change what a state's
/// synthesized conformances do.
///
/// The hooks cost one relaxed atomic load while nothing in the process is being perceived
/// (``withPerceptionTracking(_:onChange:)``): no key path, no identity comparison, no copy.
public struct ObservationStateRegistrar: Sendable {
  /// The identity of the value that holds this registrar.
  public private(set) var id = ObservableStateID()

  /// Makes a registrar with a fresh identity.
  public init() {}

  /// Renews the value's identity (its version; observers of its fields stay).
  public mutating func _$willModify() {
    self.id._$willModify()
  }
}

extension ObservationStateRegistrar {
  /// Called by a field's getter: records that `field` was read, when someone is perceiving.
  @inlinable
  public func _$access(_ field: StaticString) {
    if _isPerceiving {
      _perceptionAccess(origin: self.id.origin, field: field)
    }
  }

  /// Called by a field's setter: stores `newValue` and tells the field's observers unless the
  /// new value has the old one's identity.
  @inlinable
  public func _$mutate<Value>(
    _ field: StaticString,
    _ value: inout Value,
    _ newValue: Value,
    _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    if _isPerceiving, !isIdentityEqual(value, newValue) {
      _perceptionChange(origin: self.id.origin, field: field)
    }
    value = newValue
  }

  /// Called by the setter of an equatable field: as the other form, and assigning an equal
  /// value (`state.count = state.count`) tells no one.
  @inlinable
  public func _$mutate<Value: Equatable>(
    _ field: StaticString,
    _ value: inout Value,
    _ newValue: Value,
    _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    if _isPerceiving, !isIdentityEqual(value, newValue), value != newValue {
      _perceptionChange(origin: self.id.origin, field: field)
    }
    value = newValue
  }

  /// Called before a field is modified in place: while someone is perceiving, returns the value
  /// before the modification, for ``_$endModify(_:_:_:_:)``.
  @inlinable
  public func _$beginModify<Member>(_ field: StaticString, _ member: inout Member) -> Member? {
    _isPerceiving ? member : nil
  }

  /// Called before observable state is modified in place: while someone is perceiving, renews
  /// its identity, so that replacing it in the modification (even with a copy of itself) is a
  /// change, and returns it.
  @inlinable
  public func _$beginModify<Member: ObservableState>(
    _ field: StaticString, _ member: inout Member
  ) -> Member? {
    guard _isPerceiving else { return nil }
    member._$willModify()
    return member
  }

  /// Called after a field was modified in place: tells its observers when the identity changed.
  @inlinable
  public func _$endModify<Member>(
    _ field: StaticString,
    _ member: Member,
    _ oldValue: Member?,
    _ isIdentityEqual: (Member, Member) -> Bool
  ) {
    if let oldValue, !isIdentityEqual(oldValue, member) {
      _perceptionChange(origin: self.id.origin, field: field)
    }
  }
}

extension ObservationStateRegistrar: Equatable, Hashable, Codable {
  public static func == (_: Self, _: Self) -> Bool { true }
  public func hash(into _: inout Hasher) {}
  public init(from _: any Decoder) throws { self.init() }
  public func encode(to _: any Encoder) throws {}
}

extension KeyedDecodingContainer {
  /// A state's registrar is never read from an archive, so archives without it decode.
  public func decode(
    _: ObservationStateRegistrar.Type, forKey _: Key
  ) throws -> ObservationStateRegistrar {
    ObservationStateRegistrar()
  }
}

extension KeyedEncodingContainer {
  /// A state's registrar is never written to an archive.
  public mutating func encode(_: ObservationStateRegistrar, forKey _: Key) throws {}
}
