/// One of a player's recorded games, as `history` lists it: the game, who played, who won, and
/// how it went for the player who asked.
///
/// `{"room":"room-9f2c4a1b7d3e5f60","game":"tictactoe","mode":"standard","players":["ada","bob"],"winners":["ada"],"result":"win","finishedAt":1764316800000,"number":12,"ratingChange":16}`
///
/// ```swift
/// GameSummary(room: "room-1", game: "tictactoe", mode: "standard", players: ["ada", "bob"], winners: ["ada"], result: "win")
/// ```
public struct GameSummary: Hashable, Codable, Sendable {
  public var room: RoomID
  public var game: String
  public var mode: String
  /// The players' names, in seat order.
  public var players: [String]
  /// The winners' names; empty for a draw.
  public var winners: [String]
  /// `win`, `loss` or `draw`, for the player who asked.
  public var result: String
  /// When it was recorded: Unix time in milliseconds, where the store keeps it (left out
  /// otherwise).
  public var finishedAt: Int64?
  /// The game's number on this server: what `replay` asks for (left out where the store does not
  /// say).
  public var number: Int64?
  /// How much the game moved the rating of the player who asked (left out for a game against a
  /// bot, which is not rated, and for games recorded before stores kept it).
  public var ratingChange: Int?

  public init(
    room: RoomID, game: String, mode: String, players: [String], winners: [String], result: String,
    finishedAt: Int64? = nil, number: Int64? = nil, ratingChange: Int? = nil
  ) {
    self.room = room
    self.game = game
    self.mode = mode
    self.players = players
    self.winners = winners
    self.result = result
    self.finishedAt = finishedAt
    self.number = number
    self.ratingChange = ratingChange
  }
}
