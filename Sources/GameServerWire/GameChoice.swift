/// The game and mode a client asks for in `queue`, `playBot`, `createRoom` and `leaderboard`:
/// `{"game": "wordgrid", "mode": "race"}`, and in the first three how many players the game
/// should seat (`"players": 4`; without it, two), and in `playBot` how strong the bots are
/// (`"bot": "easy"`, one of the game's `bots`; without it, the server's choice). The server
/// checks it against its games.
///
/// ```swift
/// catalog.variant(game: choice.game, mode: choice.mode)  // nil: no such game or mode
/// ```
public struct GameChoice: Hashable, Sendable {
  public var game: String
  /// Nil for the game's first mode.
  public var mode: String?
  /// How many players the game should seat; nil for two (or the mode's fewest, if more).
  public var players: Int?
  /// For `playBot`: the bots' level, one of the game's `bots`; nil for the server's choice.
  public var bot: String?

  public init(game: String, mode: String? = nil, players: Int? = nil, bot: String? = nil) {
    self.game = game
    self.mode = mode
    self.players = players
    self.bot = bot
  }

  /// The choice of a variant.
  public init(_ variant: GameVariant) {
    self.init(game: variant.game, mode: variant.mode)
  }
}
