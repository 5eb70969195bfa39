import OrderedCollections

// Whether two values of a field are the same value as far as its observers care. A field's
// setter tells its observers only when this is false; it is asked only while someone perceives.

/// Observable state: the same identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

/// Identified elements: the same ids in the same order (an element changed in place is the
/// element's own observers' business).
@inlinable
public func _$isIdentityEqual<ID: Hashable, T: ObservableState>(
  _ lhs: IdentifiedArray<ID, T>, _ rhs: IdentifiedArray<ID, T>
) -> Bool {
  lhs.ids.elementsEqual(rhs.ids)
}

/// A presented child: the same identity, or nothing presented on both sides.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: PresentationState<T>, _ rhs: PresentationState<T>
) -> Bool {
  lhs.wrappedValue._$id == rhs.wrappedValue._$id
}

/// A navigation stack: the same element ids in the same order.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: StackState<T>, _ rhs: StackState<T>
) -> Bool {
  lhs.ids.elementsEqual(rhs.ids)
}

/// A collection of observable state: the same identities in the same order.
@inlinable
public func _$isIdentityEqual<C: Collection>(_ lhs: C, _ rhs: C) -> Bool
where C.Element: ObservableState {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

/// Text is never the same value again: every assignment is told.
@inlinable
public func _$isIdentityEqual(_ lhs: String, _ rhs: String) -> Bool {
  false
}

/// Any other value: observable state or collections of it by identity, found at run time;
/// anything else is told on every assignment.
@inlinable
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  if _isPOD(T.self) { return false }
  return _dynamicIdentityEqual(lhs, rhs)
}

@usableFromInline
func _dynamicIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  if let lhs = lhs as? any ObservableState, let rhs = rhs as? any ObservableState {
    return lhs._$id == rhs._$id
  }
  guard let lhs = lhs as? any Collection, let rhs = rhs as? any Collection else { return false }
  return _collectionIdentityEqual(lhs, rhs)
}

private func _collectionIdentityEqual<C: Collection>(_ lhs: C, _ rhs: any Collection) -> Bool {
  guard C.Element.self is any ObservableState.Type, let rhs = rhs as? C else { return false }
  if let lhs = lhs as? any _IdentifiedElements, let rhs = rhs as? any _IdentifiedElements {
    return lhs._sameIDs(as: rhs)
  }
  return lhs.count == rhs.count
    && zip(lhs, rhs).allSatisfy { _dynamicIdentityEqual($0 as Any, $1 as Any) }
}

/// A collection whose elements are known by ids.
private protocol _IdentifiedElements {
  func _sameIDs(as other: any _IdentifiedElements) -> Bool
}

extension IdentifiedArray: _IdentifiedElements {
  fileprivate func _sameIDs(as other: any _IdentifiedElements) -> Bool {
    guard let other = other as? Self else { return false }
    return self.ids.elementsEqual(other.ids)
  }
}

extension StackState: _IdentifiedElements {
  fileprivate func _sameIDs(as other: any _IdentifiedElements) -> Bool {
    guard let other = other as? Self else { return false }
    return self.ids.elementsEqual(other.ids)
  }
}

/// Renews the identity of observable state; does nothing to other values.
@inlinable
public func _$willModify<T>(_: inout T) {}

/// Renews the identity of observable state.
@inlinable
public func _$willModify<T: ObservableState>(_ value: inout T) {
  value._$willModify()
}
