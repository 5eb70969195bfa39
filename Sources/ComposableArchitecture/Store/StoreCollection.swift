/// The stores of the elements of an identified collection, as of when it was made: what
/// `store.scope(state: \.rows, action: \.rows)` returns.
///
/// ```swift
/// for rowStore in store.scope(state: \.rows, action: \.rows) {
///   rowStore.send(.toggle)
/// }
/// ```
///
/// Each element's store reads that element (its last value once it is removed) and sends its
/// actions as `.element(id:action:)`.
public struct _StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  private let parent: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  private let ids: [ID]

  init(_ parent: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>) {
    self.parent = parent
    self.ids = parent.withState { Array($0.ids) }
  }

  public var startIndex: Int { self.ids.startIndex }
  public var endIndex: Int { self.ids.endIndex }

  public subscript(position: Int) -> Store<State, Action> {
    let id = self.ids[position]
    guard let initial = self.parent.withState({ $0[id: id] }) else {
      preconditionFailure("No element with id \(id) in the scoped collection")
    }
    let last = LastValue(initial)
    return self.parent.scope(
      state: { last.update(with: $0[id: id]) },
      action: { .element(id: id, action: $0) }
    )
  }
}

extension Store {
  /// The stores of an identified collection's elements, one per element, in order.
  ///
  /// ```swift
  /// let rowStores = store.scope(state: \.rows, action: \.rows)
  /// rowStores.first?.send(.toggle)
  /// ```
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    _StoreCollection(self.scope(state: state, action: action))
  }
}
