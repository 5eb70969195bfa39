import Synchronization

/// The child-feature namespaces one store's effects run in, each made once.
///
/// An effect of a child whose namespace was made before gets the same array. The ids made in it
/// are slices of that array, so two of them compare their paths by the buffer's identity (the
/// first thing `ArraySlice`'s `==` checks) instead of child by child, and entering the child
/// allocates nothing. A timer re-armed in one row of a list compares and allocates that much
/// less each time.
///
/// Sharing only saves work: the table is emptied when it grows past ``limit``, and namespaces
/// made before then compare element by element, equal as ever.
///
/// ```swift
/// let row = table.appending(rowID, to: [])
/// table.appending(rowID, to: []).withUnsafeBufferPointer(\.baseAddress)
///   == row.withUnsafeBufferPointer(\.baseAddress)  // true
/// ```
@usableFromInline
final class NamespaceTable: Sendable {
  /// A namespace, and the ids its child's effects are all filed under.
  @usableFromInline
  struct Made {
    @usableFromInline let namespace: [ChildEffectsID]
    /// The child's ``AllChildEffects`` id, alone: what a child's effects are filed under when
    /// no id encloses them.
    @usableFromInline let allChildEffects: [EffectID]
    /// The namespace it was made in. Held, so that its buffer is not freed (and its address
    /// reused) while this is kept.
    let parent: [ChildEffectsID]

    /// Whether this is `component` appended to `parent`, the same array.
    func isMade(appending component: ChildEffectsID, to parent: [ChildEffectsID]) -> Bool {
      self.parent.count == parent.count && NamespaceTable.address(of: self.parent) == NamespaceTable.address(of: parent)
        && self.namespace[self.namespace.count - 1] == component
    }
  }

  // NB: By the hash of the parent's address and the child, with the parts checked on a hit: the
  //     table's keys are plain integers, compared and copied with no code of theirs. Two
  //     namespaces of one hash take turns in the slot (sharing only saves work).
  private let table = Mutex<[Int: Made]>([:])

  /// How many namespaces are kept before the table starts again.
  static let limit = 16_384

  @usableFromInline
  init() {}

  /// `namespace` with `component` appended: the same array each time, while it is kept.
  @usableFromInline
  func appending(_ component: ChildEffectsID, to namespace: [ChildEffectsID]) -> [ChildEffectsID] {
    self.made(appending: component, to: namespace).namespace
  }

  /// ``appending(_:to:)``, with the child's ``AllChildEffects`` id in it, also made once.
  @usableFromInline
  func made(appending component: ChildEffectsID, to namespace: [ChildEffectsID]) -> Made {
    let key = EffectID.combine(Int(bitPattern: Self.address(of: namespace)), component.hash)
    return self.table.withLock { table in
      if let made = table[key], made.isMade(appending: component, to: namespace) { return made }
      if table.count >= Self.limit { table.removeAll() }
      var child: [ChildEffectsID] = []
      child.reserveCapacity(namespace.count + 1)
      child.append(contentsOf: namespace)
      child.append(component)
      let made = Made(namespace: child, allChildEffects: [AllChildEffects.effectID(in: child)], parent: namespace)
      table[key] = made
      return made
    }
  }

  static func address(of namespace: [ChildEffectsID]) -> UnsafeRawPointer? {
    namespace.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  /// How many namespaces are kept (for tests).
  var count: Int { self.table.withLock { $0.count } }
}
