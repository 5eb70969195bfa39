/// A game's reducer as ``GameStateStorage`` keeps it: in a class of the game's own type, so that
/// the game reads it back with `unsafeDowncast` (it is the only one to write it).
///
/// ```swift
/// storage.reducer = CachedGameReducer(TicTacToe())
/// ```
public final class CachedGameReducer<Game: Sendable>: @unchecked Sendable {
  // NB: @unchecked: made once, on the store's thread, and only read after.
  public let reducer: Game

  @inlinable
  public init(_ reducer: Game) {
    self.reducer = reducer
  }
}
