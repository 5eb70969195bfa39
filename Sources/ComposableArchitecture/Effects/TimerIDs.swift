/// The cancellation ids a delayed send is filed under, described rather than made: the ids
/// around it, then, when a `.cancellable(id:cancelInFlight: true)` sits right around it, that
/// id's views from the innermost child feature out (only the innermost for `AllChildEffects`).
///
/// A store that moves its own timer compares these with the ids the timer is filed under where
/// they stand, and makes the list only for a timer armed anew: a re-armed timer costs no list.
///
/// ```swift
/// let ids = TimerIDs(enclosing: [], cancellable: EffectID(ErasedID(CancelID.timer)), namespace: [])
/// ids.inFlight    // the id whose work in flight is cancelled, or moved
/// ids.made()      // [the id]
/// ```
@usableFromInline
struct TimerIDs {
  /// The ids of the `.cancellable`s further out.
  @usableFromInline let enclosing: [EffectID]
  /// The id of a `.cancellable(id:cancelInFlight: true)` right around the timer, as its feature
  /// gave it.
  @usableFromInline let cancellable: EffectID?
  /// The child features (outermost first) the timer belongs to.
  @usableFromInline let namespace: [ChildEffectsID]

  @inlinable
  init(enclosing: [EffectID], cancellable: EffectID?, namespace: [ChildEffectsID]) {
    self.enclosing = enclosing
    self.cancellable = cancellable
    self.namespace = namespace
  }

  /// The id whose work in flight is cancelled before the timer is armed, if any.
  @inlinable
  var inFlight: EffectID? {
    self.cancellable?.inNamespace(self.namespace)
  }

  /// The list of ids, made.
  @inlinable
  func made() -> [EffectID] {
    guard let id = self.cancellable else { return self.enclosing }
    var all = self.enclosing
    id.appendFiledViews(in: self.namespace, to: &all)
    return all
  }

  /// Whether `filed` is ``made()``, compared in place without making it.
  @usableFromInline
  func isSame(as filed: [EffectID]) -> Bool {
    // NB: Through optional chaining, so that the id is read where it is, not copied out.
    self.cancellable?.isFiled(as: filed, enclosing: self.enclosing, namespace: self.namespace)
      ?? EffectID.areSame(filed, self.enclosing)
  }
}

extension EffectID {
  /// Whether `filed` is `enclosing` followed by this id's filed views in `namespace`.
  fileprivate func isFiled(as filed: [EffectID], enclosing: [EffectID], namespace: [ChildEffectsID]) -> Bool {
    let own = self.isAllChildEffects || namespace.isEmpty ? 1 : namespace.count + 1
    guard filed.count == enclosing.count + own else { return false }
    return filed.withUnsafeBufferPointer { filed in
      for index in enclosing.indices where !(filed[index] == enclosing[index]) { return false }
      // NB: Read through the pointer, where they are: a subscript copied each id out.
      let base = filed.baseAddress!
      if own == 1 { return (base + enclosing.count).pointee.isView(of: self, in: namespace[...]) }
      // NB: A plain loop: `stride` is not specialized here, and copies its indices generically.
      var (index, count) = (enclosing.count, namespace.count)
      while count >= 0 {
        guard (base + index).pointee.isView(of: self, in: namespace.prefix(count)) else { return false }
        index += 1
        count -= 1
      }
      return true
    }
  }
}
