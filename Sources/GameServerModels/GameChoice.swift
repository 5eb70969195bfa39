/// The game and mode a client asks for in `queue`, `playBot`, `createRoom` and `leaderboard`:
/// `{"game": "wordgrid", "mode": "race"}`. The server checks it against its games.
///
/// ```swift
/// catalog.variant(game: choice.game, mode: choice.mode)  // nil: no such game or mode
/// ```
public struct GameChoice: Hashable, Sendable {
  public var game: String
  /// Nil for the game's first mode.
  public var mode: String?

  public init(game: String, mode: String? = nil) {
    self.game = game
    self.mode = mode
  }

  /// The choice of a variant.
  public init(_ variant: GameVariant) {
    self.init(game: variant.game, mode: variant.mode)
  }
}
