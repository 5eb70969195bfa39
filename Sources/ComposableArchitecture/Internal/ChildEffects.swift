/// Identifies all the effects of one child feature (an `ifLet` child, a `forEach` element, a
/// presented destination) so that they can be cancelled when the child goes away.
@usableFromInline
struct ChildEffectsID: HashedOnce, @unchecked Sendable {
  /// The key path from the parent's state to the child's (or to the collection of children).
  @usableFromInline let keyPath: AnyKeyPath
  /// Which child behind `keyPath`: an element's id, or an optional child's observable identity.
  @usableFromInline let identity: ErasedID?
  /// Hashed once; the registry looks an id up several times in the life of an effect.
  @usableFromInline let hash: Int

  @usableFromInline
  init(path: ChildEffectsPath, identity: ErasedID?) {
    self.keyPath = path.keyPath
    self.identity = identity
    self.hash = EffectID.combine(path.hash, identity?.hash ?? 0)
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    // NB: A reducer passes the same key path object every time, so identity usually decides.
    lhs.hash == rhs.hash
      && (lhs.keyPath === rhs.keyPath || lhs.keyPath == rhs.keyPath)
      && lhs.identity == rhs.identity
  }
}

extension ChildEffectsID: CustomStringConvertible {
  @usableFromInline
  var description: String {
    self.identity.map { "\(self.keyPath)[\($0)]" } ?? "\(self.keyPath)"
  }
}

/// The key path part of a ``ChildEffectsID`` with its hash, which a reducer can compute once.
@usableFromInline
struct ChildEffectsPath: @unchecked Sendable {
  @usableFromInline let keyPath: AnyKeyPath
  @usableFromInline let hash: Int

  @usableFromInline
  init(_ keyPath: AnyKeyPath) {
    self.keyPath = keyPath
    self.hash = keyPath.hashValue
  }

  /// The path of a child named by an `AnyCasePath`, which cannot be compared: the place in the
  /// source where the reducer was made stands for it.
  @usableFromInline
  init(at location: SourceLocation) {
    self.init(\ChildEffectsPlace.[location.fileID.description, location.line, location.column])
  }
}

/// Stands for the children named by `AnyCasePath`s, one key path per place in the source.
@usableFromInline
struct ChildEffectsPlace {
  @usableFromInline
  subscript(fileID: String, line: UInt, column: UInt) -> Void { () }
}

/// The id under which every effect of a child runs.
@usableFromInline
struct AllChildEffects: Hashable, Sendable {
  @usableFromInline init() {}

  /// The id, erased once.
  @usableFromInline static let id = ErasedID(exactly: AllChildEffects())

  /// The id of every effect of the child at the end of `namespace`.
  @inlinable
  static func effectID(in namespace: [ChildEffectsID]) -> EffectID {
    EffectID(Self.id).inNamespace(namespace)
  }
}

extension EffectID {
  /// Whether this is a child's ``AllChildEffects`` id, which is filed under the child's own
  /// namespace only: every enclosing child files its own.
  @inlinable
  var isAllChildEffects: Bool {
    self.id.type == ObjectIdentifier(AllChildEffects.self)
  }
}

extension Effect {
  /// Runs this child effect in the child's namespace, cancellable as a whole.
  @inlinable
  func child(_ id: ChildEffectsID) -> Self {
    if self.isNone { return self }
    return Self(cancellable: self, id: EffectID(AllChildEffects.id), cancelInFlight: false)
      .namespaced(id)
  }

  /// Cancels every effect of the child.
  @inlinable
  static func cancelChild(_ id: ChildEffectsID) -> Self {
    Self(operation: .cancel(id: AllChildEffects.effectID(in: [id])))
  }
}

/// A value's identity as a child: the origin of its observable identity when it is observable
/// struct state, else its `Identifiable`
/// id. An enum without either (a destination enum that is not `@ObservableState`) is known by
/// its case and the identity of the value in it, so that moving to another case, or to another
/// alert, is a new child.
@usableFromInline
func _childIdentity<Value>(_ value: Value) -> ErasedID? {
  // NB: A struct's origin, which its copies keep however they are modified; an enum's identity
  // changes with each read of a case without observable state, so enums are known by their case.
  if let state = value as? any ObservableState, let origin = state._$id.structOrigin {
    return ErasedID(exactly: origin)
  }
  if let identifiable = value as? any Identifiable, let id = _identifiableID(identifiable) {
    return id
  }
  // NB: An alert or a dialog is told apart from the next one by its id.
  if let ephemeral = value as? any _IdentifiedEphemeralState {
    return ErasedID(exactly: ephemeral.id)
  }
  guard let enumCase = _enumCase(of: value) else { return nil }
  return ErasedID(
    exactly: EnumCaseIdentity(
      name: enumCase.name, payload: enumCase.payload.flatMap { _childIdentity($0) })
  )
}

/// ``_childIdentity(_:)`` for values of one type, with the casts that decide which identity a
/// type has made once, when a reducer is built, rather than for every action.
@usableFromInline
struct _ChildIdentity<Value>: @unchecked Sendable {
  @usableFromInline let identify: (Value) -> ErasedID?

  @inlinable
  init() {
    if let observable = Value.self as? any ObservableState.Type {
      self.identify = _observableIdentity(of: Value.self, as: observable)
    } else {
      self.identify = _childIdentity
    }
  }
}

/// The identity of observable struct state: its origin, read without a cast; enums and values
/// without an origin take the general path.
@inlinable
func _observableIdentity<Value, State: ObservableState>(
  of _: Value.Type, as _: State.Type
) -> (Value) -> ErasedID? {
  { value in
    // NB: `State` is `Value`, found by the cast above.
    let origin = withUnsafePointer(to: value) {
      $0.withMemoryRebound(to: State.self, capacity: 1) { $0.pointee._$id.structOrigin }
    }
    if let origin { return ErasedID(exactly: origin) }
    return _childIdentity(value)
  }
}

private func _identifiableID<Value: Identifiable>(_ value: Value) -> ErasedID? {
  // NB: An id is a value (TCA takes it to be), so sharing it between threads is safe.
  ErasedID(exactly: UncheckedSendable(AnyHashable(value.id)))
}

/// The identity of an enum value: its case and the identity of the value it holds.
struct EnumCaseIdentity: Hashable, Sendable {
  let name: String
  let payload: ErasedID?
}

/// Whether `type` is an enum (and not an optional), read from its metadata kind.
@usableFromInline
func _isEnum(_ type: Any.Type) -> Bool {
  // NB: Swift's ABI gives enum metadata the kind 0x201 (MetadataKind::Enum).
  unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x201
}
