extension Store {
  /// A store of part of this store's state, made with functions instead of key paths (TCA's
  /// older form). The child is not cached: each call makes a new one.
  ///
  /// ```swift
  /// let child = store.scope(state: { $0.child }, action: { .child($0) })
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      core: ScopedStoreCore(parent: self.core, toState: toChildState, fromAction: fromChildAction)
    )
  }
}
