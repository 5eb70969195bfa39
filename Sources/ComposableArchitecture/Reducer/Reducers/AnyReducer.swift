/// A reducer that forwards to a reducer of any type; used to hold already-resolved children.
public struct _AnyReducer<State, Action>: Reducer {
  @usableFromInline let base: any Reducer<State, Action>

  @inlinable
  public init(_ base: any Reducer<State, Action>) {
    self.base = base
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.base.reduce(into: &state, action: action)
  }

  public func _resolved() -> any Reducer<State, Action> { self.base }
}
