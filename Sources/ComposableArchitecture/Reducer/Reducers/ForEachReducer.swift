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
      element: _LazyReducer(element()),
      toElementsState: toElementsState,
      toElementAction: CaseExtractor(toElementAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  // NB: One reference, so that the reducer is passed in a register rather than copied.
  @usableFromInline let storage: _ForEachStorage<Parent, ID, Element>

  @inlinable
  init(
    parent: Parent,
    element: _LazyReducer<Element>,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CaseExtractor<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: SourceLocation
  ) {
    self.storage = _ForEachStorage(
      parent: parent._resolvedReducer(),
      element: element,
      toElementsState: toElementsState,
      toElementAction: toElementAction,
      location: location
    )
  }

  @inlinable
  @inline(__always)
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    self.storage.reduce(into: &state, action: action)
  }
}

/// Whether two arrays share their storage and count: then they are equal without comparing.
@inlinable
@inline(__always)
func _sameStorage<E>(_ lhs: [E], _ rhs: [E]) -> Bool {
  lhs.count == rhs.count
    && lhs.withUnsafeBufferPointer({ $0.baseAddress })
      == rhs.withUnsafeBufferPointer({ $0.baseAddress })
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
