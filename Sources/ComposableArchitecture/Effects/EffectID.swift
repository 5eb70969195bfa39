/// A cancellation id as a store keeps it: the id a feature gave, inside the path of child
/// features (`forEach` elements, `ifLet` children, …) whose effect it is.
///
/// Two children may use the same id without cancelling each other's work, because their paths
/// differ. The hash is computed once, as the id is made and as each child level is added, and
/// comparing two ids compares typed parts: no `AnyHashable` box and no dynamic cast.
@usableFromInline
struct EffectID: HashedOnce, Sendable {
  /// The child features, outermost first; empty for an id of the root feature. A slice, so that
  /// the ids of one effect at each enclosing level share the namespace's buffer.
  @usableFromInline let path: ArraySlice<ChildEffectsID>
  @usableFromInline let id: ErasedID
  @usableFromInline let hash: Int

  @inlinable
  init(_ id: ErasedID) {
    self.init(path: [], id: id, hash: id.hash)
  }

  @usableFromInline
  init(path: ArraySlice<ChildEffectsID>, id: ErasedID, hash: Int) {
    self.path = path
    self.id = id
    self.hash = hash
  }

  /// This id, made by the innermost of the child features along `namespace`, as seen from the
  /// root.
  @inlinable
  func inNamespace(_ namespace: [ChildEffectsID]) -> Self {
    self.inNamespace(namespace[...])
  }

  @usableFromInline
  func inNamespace(_ namespace: ArraySlice<ChildEffectsID>) -> Self {
    if namespace.isEmpty { return self }
    let hash = Self.hash(self.hash, in: namespace)
    return Self(path: self.path.isEmpty ? namespace : namespace + self.path, id: self.id, hash: hash)
  }

  /// This id as made inside `namespace` and as seen by each feature enclosing that one,
  /// innermost first. Work registered under all of them is cancelled by this id from its own
  /// feature or from any feature containing it (a parent cancels its child's work by the
  /// child's id, as in TCA), but not from a sibling or a child.
  @inlinable
  func inNamespaceAndEnclosing(_ namespace: [ChildEffectsID]) -> [Self] {
    var ids: [Self] = []
    self.appendInNamespaceAndEnclosing(namespace, to: &ids)
    return ids
  }

  /// Appends ``inNamespaceAndEnclosing(_:)`` to `ids`, growing it once.
  @inlinable
  func appendInNamespaceAndEnclosing(_ namespace: [ChildEffectsID], to ids: inout [Self]) {
    if namespace.isEmpty {
      ids.append(self)
      return
    }
    ids.reserveCapacity(ids.count + namespace.count + 1)
    for count in stride(from: namespace.count, through: 0, by: -1) {
      ids.append(self.inNamespace(namespace.prefix(count)))
    }
  }

  /// Appends the ids a `.cancellable` with this id files its work under, made inside
  /// `namespace`: a child's ``AllChildEffects`` id under the child's own namespace only (each
  /// enclosing child files its own), any other id as ``appendInNamespaceAndEnclosing(_:to:)``.
  @inlinable
  func appendFiledViews(in namespace: [ChildEffectsID], to ids: inout [Self]) {
    if self.isAllChildEffects {
      ids.append(self.inNamespace(namespace))
    } else {
      self.appendInNamespaceAndEnclosing(namespace, to: &ids)
    }
  }

  /// Whether this id is `self.inNamespace(namespace)`'s `other`, compared in place: no id is
  /// made (its erased value copied) to compare it.
  @usableFromInline
  func isView(of other: Self, in namespace: ArraySlice<ChildEffectsID>) -> Bool {
    if namespace.isEmpty { return self == other }
    guard self.hash == Self.hash(other.hash, in: namespace), self.path.count == namespace.count + other.path.count
    else { return false }
    if other.path.isEmpty {
      guard self.path == namespace else { return false }
    } else {
      guard self.path.prefix(namespace.count) == namespace,
        self.path.suffix(other.path.count) == other.path
      else { return false }
    }
    return self.id == other.id
  }

  /// The hash of an id hashed `inner`, made inside `namespace`.
  @usableFromInline
  static func hash(_ inner: Int, in namespace: ArraySlice<ChildEffectsID>) -> Int {
    // NB: By index: iterating would copy each child out to read its hash.
    var (hash, index) = (inner, namespace.endIndex)
    while index > namespace.startIndex {
      index -= 1
      hash = Self.combine(namespace[index].hash, hash)
    }
    return hash
  }

  @usableFromInline
  static func combine(_ outer: Int, _ inner: Int) -> Int {
    // NB: Any mix that spreads both parts will do: dictionaries hash this again with their seed.
    let mixed = UInt64(bitPattern: Int64(outer)) &* 0x9E37_79B9_7F4A_7C15
    return Int(bitPattern: UInt(mixed ^ (mixed >> 29) ^ UInt64(bitPattern: Int64(inner))))
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.path == rhs.path && lhs.id == rhs.id
  }

  /// Whether two lists of ids are equal, compared in place: `Array`'s `==` copies each id out
  /// (its path and its erased value) before comparing it.
  static func areSame(_ lhs: [Self], _ rhs: [Self]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.withUnsafeBufferPointer { lhs in
      rhs.withUnsafeBufferPointer { rhs in
        if lhs.baseAddress == rhs.baseAddress { return true }
        for index in lhs.indices where !(lhs[index] == rhs[index]) { return false }
        return true
      }
    }
  }
}

extension EffectID: CustomStringConvertible {
  @usableFromInline
  var description: String {
    (self.path.map { "\($0)" } + [self.id.description]).joined(separator: " › ")
  }
}
