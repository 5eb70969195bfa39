import OrderedCollections

extension Reducer {
  /// Runs an element reducer on the elements of an identified array, for actions sent to one
  /// element by id.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in ... }
  ///     .forEach(\.rows, action: \.rows) {
  ///       Row()
  ///     }
  /// }
  /// ```
  ///
  /// The element runs before the parent and only its element is touched: the collection is
  /// never copied. Effects of elements that the parent removes are cancelled, and each
  /// element's cancellation ids are its own. An action for a missing id is reported as an
  /// issue.
  @inlinable
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      element: element()._resolve(),
      toElementsState: toElementsState,
      toElementAction: CaseExtractor(toElementAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Reduce<Element.State, Element.Action>
  @usableFromInline let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: CaseExtractor<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: SourceLocation
  @usableFromInline let elementsPath: StatePath<Parent.State, IdentifiedArray<ID, Element.State>>

  @usableFromInline
  init(
    parent: Parent,
    element: Reduce<Element.State, Element.Action>,
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
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffects = self.reduceElement(into: &state, action: action)
    let idsBefore = self.elementsPath.modify(&state) { $0.ids }
    let parentEffects = self.parent.reduce(into: &state, action: action)
    let idsAfter = self.elementsPath.modify(&state) { $0.ids }
    guard !_sameOrderedSet(idsBefore, idsAfter) else {
      return elementEffects.merge(with: parentEffects)
    }
    var cancelEffects = Effect<Parent.Action>.none
    for id in idsBefore where !idsAfter.contains(id) {
      cancelEffects = cancelEffects.merge(with: .cancelChild(self.childID(id)))
    }
    return elementEffects.merge(with: parentEffects).merge(with: cancelEffects)
  }

  @usableFromInline
  func childID(_ id: ID) -> ChildEffectsID {
    ChildEffectsID(path: _keyPathID(self.toElementsState), identity: AnyHashableSendable(id))
  }

  @inlinable
  func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction) = self.toElementAction.extract(action) else {
      return .none
    }
    guard let index = self.elementsPath.modify(&state, { $0.index(id: id) }) else {
      self.location.report(
        """
        A "forEach" at "\(self.location.fileID):\(self.location.line)" received an action for a \
        missing element:

          Action: \(String(customDumping: action))

        The element with this id was removed, or never added. Make sure its effects are \
        cancelled or finished before it is removed, and that no action is sent to a missing id.
        """
      )
      return .none
    }
    let element = self.element
    let effect = self.elementsPath.modify(&state) {
      element.reduce(into: &$0[index], action: elementAction)
    }
    if effect.isNone { return .none }
    let toElementAction = self.toElementAction
    return effect
      .map { toElementAction.embed(.element(id: id, action: $0)) }
      .child(self.childID(id))
  }
}

/// Whether two ordered sets are the same, checked in constant time when they share storage.
@inlinable
func _sameOrderedSet<E>(_ lhs: OrderedSet<E>, _ rhs: OrderedSet<E>) -> Bool {
  if lhs.elements.withUnsafeBufferPointer({ $0.baseAddress })
    == rhs.elements.withUnsafeBufferPointer({ $0.baseAddress }), lhs.count == rhs.count
  {
    return true
  }
  return lhs == rhs
}
