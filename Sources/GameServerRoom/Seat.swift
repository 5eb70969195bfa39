import GameServerGame

/// A seat in a room: a person or a bot.
public struct Seat: Hashable, Codable, Sendable {
  public var player: PlayerID
  /// The name others see.
  public var name: String
  /// For a bot's seat, the level it plays at (one of its game's `Bot` raw values).
  public var bot: String?
  public var isConnected: Bool
  /// Set once a person leaves the room for good.
  public var hasLeft = false

  public init(player: PlayerID, name: String, bot: String? = nil) {
    self.player = player
    self.name = name
    self.bot = bot
    self.isConnected = bot == nil
  }
}
