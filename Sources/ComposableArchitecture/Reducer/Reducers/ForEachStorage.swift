import OrderedCollections

/// Everything a ``_ForEachReducer`` holds, behind one reference.
@usableFromInline
final class _ForEachStorage<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer> {
  @usableFromInline let parent: Parent._Resolved
  @usableFromInline let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let elementsPath: StatePath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: CaseExtractor<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: SourceLocation
  /// Resolved when the first element action arrives, so that an element may be the parent's own
  /// feature.
  @usableFromInline let element: _LazyReducer<Element>
  /// The elements' key path for their effects' ids, hashed once.
  @usableFromInline let childPath: ChildEffectsPath

  @inlinable
  init(
    parent: Parent._Resolved,
    element: _LazyReducer<Element>,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CaseExtractor<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.element = element
    self.toElementsState = toElementsState
    self.elementsPath = StatePath(toElementsState)
    self.toElementAction = toElementAction
    self.location = location
    self.childPath = ChildEffectsPath(toElementsState)
  }

  @inlinable
  @inline(__always)
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffects = self.reduceElement(into: &state, action: action)
    // NB: Holding the ids' storage makes any change the parent makes to them copy it, so an
    //     unchanged storage address means unchanged ids: no comparison, no copy of the set.
    let idsBefore = self.elementsPath.modify(&state) { $0.ids.elements }
    let parentEffects = self.parent.reduce(into: &state, action: action)
    let isUnchanged = self.elementsPath.modify(&state) { _sameStorage(idsBefore, $0.ids.elements) }
    if isUnchanged { return elementEffects.merge(with: parentEffects) }
    return self.cancelRemoved(
      idsBefore, in: &state, effects: elementEffects.merge(with: parentEffects)
    )
  }

  /// `effects` and the cancellation of the effects of the elements that are gone.
  @inlinable
  @inline(never)
  func cancelRemoved(
    _ idsBefore: [ID],
    in state: inout Parent.State,
    effects: Effect<Parent.Action>
  ) -> Effect<Parent.Action> {
    let idsAfter = self.elementsPath.modify(&state) { $0.ids }
    var cancelEffects = Effect<Parent.Action>.none
    for id in idsBefore where !idsAfter.contains(id) {
      cancelEffects = cancelEffects.merge(with: .cancelChild(self.childID(id)))
    }
    return effects.merge(with: cancelEffects)
  }

  // NB: Inlinable, so that erasing the id is specialized for its type (no run-time check of
  //     whether it is a class, no unspecialized hashing).
  @inlinable
  func childID(_ id: ID) -> ChildEffectsID {
    ChildEffectsID(path: self.childPath, identity: ErasedID(exactly: id))
  }

  @inlinable
  @inline(__always)
  func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction) = self.toElementAction.extract(action) else {
      return .none
    }
    let result = self.elementsPath.modify(&state) { elements -> Effect<Element.Action>? in
      guard let index = elements.index(id: id) else { return nil }
      return self.element.reduce(into: &elements[index], action: elementAction)
    }
    guard let effect = result else {
      self.reportMissing(action)
      return .none
    }
    if effect.isNone { return .none }
    return effect.mapChild(ElementEmbedding(id: id, path: self.toElementAction), id: self.childID(id))
  }

  @inlinable
  @inline(never)
  func reportMissing(_ action: Parent.Action) {
    self.location.report(
      """
      A "forEach" at "\(self.location.fileID):\(self.location.line)" received an action for a \
      missing element:

        Action: \(String(customDumping: action))

      The element with this id was removed, or never added. Make sure its effects are \
      cancelled or finished before it is removed, and that no action is sent to a missing id.
      """
    )
  }
}
