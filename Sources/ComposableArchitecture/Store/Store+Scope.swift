extension Store {
  /// A store of part of this store's state, sending actions embedded in one of this store's
  /// action cases. The child store is cached: scoping twice gives the same store.
  ///
  /// ```swift
  /// let profileStore = store.scope(state: \.profile, action: \.profile)
  /// profileStore.send(.nameChanged("Blob"))
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let id = ScopeID(state: state, action: action, kind: 0)
    if let child = self.children[id] as? Store<ChildState, ChildAction> { return child }
    let extractor = CaseExtractor(action)
    let child = Store<ChildState, ChildAction>(
      core: ScopedStoreCore(
        parent: self.core,
        toState: { $0[keyPath: state] },
        fromAction: extractor.embed
      )
    )
    self.children[id] = child
    return child
  }

  /// A store of an optional part of this store's state, or `nil` while that state is `nil`.
  ///
  /// ```swift
  /// if let childStore = store.scope(state: \.child, action: \.child) {
  ///   childStore.send(.start)
  /// }
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = self.withState({ $0[keyPath: state] }) else { return nil }
    let extractor = CaseExtractor(action)
    return self.optionalChild(
      id: ScopeID(state: state, action: action, kind: 1),
      initial: initial,
      state: state,
      fromAction: extractor.embed
    )
  }

  /// A store of a presented child (`@Presents`), or `nil` while nothing is presented. Its
  /// actions reach the parent as `.presented(action)`.
  ///
  /// ```swift
  /// store.scope(state: \.destination, action: \.destination)?.send(.saveButtonTapped)
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = self.withState({ $0[keyPath: state] }) else { return nil }
    let extractor = CaseExtractor(action)
    return self.optionalChild(
      id: ScopeID(state: state, action: action, kind: 2),
      initial: initial,
      state: state,
      fromAction: { extractor.embed(.presented($0)) }
    )
  }

  private func optionalChild<ChildState, ChildAction>(
    id: ScopeID,
    initial: ChildState,
    state: KeyPath<State, ChildState?>,
    fromAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    if let child = self.children[id] as? Store<ChildState, ChildAction> { return child }
    let last = LastValue(initial)
    let child = Store<ChildState, ChildAction>(
      core: ScopedStoreCore(
        parent: self.core,
        toState: { last.update(with: $0[keyPath: state]) },
        fromAction: fromAction
      )
    )
    self.children[id] = child
    return child
  }
}

/// The last non-`nil` value a child store saw, so it can still be read after dismissal.
final class LastValue<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }

  /// Keeps `value` when there is one, and returns the last value kept.
  func update(with value: Value?) -> Value {
    if let value { self.value = value }
    return self.value
  }
}
