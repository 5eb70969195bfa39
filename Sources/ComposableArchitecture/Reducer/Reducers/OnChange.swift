extension Reducer {
  /// Runs another reducer when a value derived from state changes.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in ... }
  ///     .onChange(of: \.query) { oldValue, newValue in
  ///       Reduce { state, _ in
  ///         .send(.search(newValue))
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// The value is compared before and after this reducer runs; the change reducer runs after it,
  /// with the same action.
  @inlinable
  public func onChange<V: Equatable, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs another reducer when a value derived from state changes, by a custom comparison.
  @inlinable
  public func onChange<V, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    removeDuplicates isDuplicate: @escaping (V, V) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// The reducer made by ``Reducer/onChange(of:_:)``.
public struct _OnChangeReducer<Base: Reducer, Value, Changed: Reducer<Base.State, Base.Action>>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> Changed

  @usableFromInline
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    reducer: @escaping (Value, Value) -> Changed
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = self.toValue(state)
    let baseEffects = self.base.reduce(into: &state, action: action)
    let newValue = self.toValue(state)
    guard !self.isDuplicate(oldValue, newValue) else { return baseEffects }
    return baseEffects.merge(
      with: self.reducer(oldValue, newValue).reduce(into: &state, action: action)
    )
  }
}
