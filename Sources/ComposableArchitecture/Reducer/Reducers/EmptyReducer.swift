/// A reducer that does nothing: no state change, no effect.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   EmptyReducer()
/// }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// Makes a reducer that does nothing.
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> {
    .none
  }
}
