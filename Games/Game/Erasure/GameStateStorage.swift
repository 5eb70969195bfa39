import ComposableArchitecture

/// A game's state, and its reducer, in a box of its own: how a room holds the state of
/// whichever game it plays.
///
/// A class, so that the room holds it as one reference and each operation finds the state at
/// once (no dynamic cast); ``Game/_reduce(_:_:)`` copies it first when it is shared, so a room
/// keeps value semantics.
///
/// ```swift
/// var storage: AnyObject = GameStateStorage(TicTacToe.State(x: "ada", o: "bob"))
/// ```
public final class GameStateStorage<State: Sendable>: @unchecked Sendable {
  // NB: @unchecked: `state` is only mutated through `Game._reduce`, when the box is not shared (code outside a game's erased requirements must not write it).
  // NB: Not checked for exclusive access at run time (a thread-local access set on each of the
  //     several reads a room makes per action): only `_reduce` writes it, on a box no one shares.
  @exclusivity(unchecked) public var state: State
  /// The game's reducer, made on the first action and kept for the rest of the game, so that
  /// what it resolves once (``ResolvedDependency``) stays resolved: a ``KeptReducer`` of the
  /// game's type, which `Game._reduce` reads back without a dynamic cast.
  @exclusivity(unchecked) public var reducer: AnyObject?

  @inlinable
  public init(_ state: State, reducer: AnyObject? = nil) {
    self.state = state
    self.reducer = reducer
  }
}
