/// Groups reducers so that an operator applies to all of them.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.a, action: \.a) { A() }
///   Scope(state: \.b, action: \.b) { B() }
/// }
/// .ifLet(\.child, action: \.child) { Child() }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  let reducers: Reducers

  /// Composes the reducers built by `build` into one.
  @inlinable
  public init(
    @ReducerBuilder<State, Action> _ build: () -> Reducers
  ) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reducers.reduce(into: &state, action: action)
  }

  @inlinable
  public func _resolvedReducer() -> Reducers._Resolved { self.reducers._resolvedReducer() }

  @inlinable
  public func _resolved() -> Reduce<State, Action> { self.reducers._resolve() }
}
