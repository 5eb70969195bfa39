/// A reducer made from a closure: the usual place for a feature's own logic.
///
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .increment:
///     state.count += 1
///     return .none
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>

  /// Makes a reducer from a closure that evolves state and returns an effect.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps any reducer of the same state and action; its body is built once.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self = reducer._resolve()
  }

  @inlinable
  public func _resolved() -> Reduce<State, Action> { self }

  @inlinable
  @inline(__always)
  public func _resolve() -> Reduce<State, Action> { self }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reduce(&state, action)
  }
}
