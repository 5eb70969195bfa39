/// Identifies all the effects of one child feature (an `ifLet` child, a `forEach` element, a
/// presented destination) so that they can be cancelled when the child goes away.
@usableFromInline
struct ChildEffectsID: Hashable, @unchecked Sendable {
  @usableFromInline let path: AnyHashableSendable
  @usableFromInline let identity: AnyHashableSendable?
  /// The key path inside `path`, taken out once so that comparing ids casts nothing.
  private let keyPath: AnyKeyPath?
  /// Hashed once; the registry looks an id up several times in the life of an effect.
  @usableFromInline let hash: Int

  @usableFromInline
  init(path: AnyHashableSendable, identity: AnyHashableSendable?) {
    self.path = path
    self.identity = identity
    self.keyPath = (path.base as? UncheckedSendable<AnyKeyPath>)?.wrappedValue
    var hasher = Hasher()
    hasher.combine(path)
    hasher.combine(identity)
    self.hash = hasher.finalize()
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.hash == rhs.hash else { return false }
    // NB: The same key path object first: going through `AnyHashable` boxes both sides and
    // casts them back, on every look-up of a child's effects.
    if let left = lhs.keyPath, let right = rhs.keyPath {
      guard left === right || left == right else { return false }
    } else if lhs.path != rhs.path {
      return false
    }
    return lhs.identity == rhs.identity
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(self.hash)
  }
}

/// The id under which every effect of a child runs.
@usableFromInline
struct AllChildEffects: Hashable, Sendable {
  @usableFromInline init() {}
}

extension Effect {
  /// Runs this child effect in the child's namespace, cancellable as a whole.
  @inlinable
  func child(_ id: ChildEffectsID) -> Self {
    if self.isNone { return self }
    return
      self
      .cancellable(id: AllChildEffects())
      .namespaced(AnyHashableSendable(id))
  }

  /// Cancels every effect of the child.
  @inlinable
  static func cancelChild(_ id: ChildEffectsID) -> Self {
    .cancel(
      id: NamespacedCancelID(path: [AnyHashableSendable(id)], id: AnyHashableSendable(AllChildEffects()))
    )
  }
}

/// A value's identity as a child: its observable id when it has one.
@usableFromInline
func _childIdentity<Value>(_ value: Value) -> AnyHashableSendable? {
  (value as? any ObservableState).map { AnyHashableSendable($0._$id) }
}

/// A key path as a hashable, sendable identifier.
@usableFromInline
func _keyPathID(_ keyPath: AnyKeyPath) -> AnyHashableSendable {
  AnyHashableSendable(UncheckedSendable(keyPath))
}
