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
  private struct Key: Hashable {
    /// Held, so that its buffer is not freed (and its address reused) while the key is filed.
    let parent: [ChildEffectsID]
    let component: ChildEffectsID

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.parent.count == rhs.parent.count && lhs.parentAddress == rhs.parentAddress
        && lhs.component == rhs.component
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(self.parentAddress)
      hasher.combine(self.component.hash)
    }

    var parentAddress: UnsafeRawPointer? {
      self.parent.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
  }

  /// A namespace, and the ids its child's effects are all filed under.
  @usableFromInline
  struct Made {
    @usableFromInline let namespace: [ChildEffectsID]
    /// The child's ``AllChildEffects`` id, alone: what a child's effects are filed under when
    /// no id encloses them.
    @usableFromInline let allChildEffects: [EffectID]
  }

  // NB: Unchecked: the arrays are values; the lock keeps the table itself to one thread.
  private let table = Mutex<[Key: Made]>([:])

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
    let key = Key(parent: namespace, component: component)
    return self.table.withLock { table in
      if let made = table[key] { return made }
      if table.count >= Self.limit { table.removeAll() }
      var child: [ChildEffectsID] = []
      child.reserveCapacity(namespace.count + 1)
      child.append(contentsOf: namespace)
      child.append(component)
      let made = Made(namespace: child, allChildEffects: [AllChildEffects.effectID(in: child)])
      table[key] = made
      return made
    }
  }

  /// How many namespaces are kept (for tests).
  var count: Int { self.table.withLock { $0.count } }
}
