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

extension Seat {
  private enum CodingKeys: String, CodingKey { case player, name, bot, isConnected, hasLeft }

  /// Reads a seat; a bot written by a server before games were plug-ins
  /// (`{"wordGrid":{"_0":"easy"}}`) reads as its level.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.player = try container.decode(PlayerID.self, forKey: .player)
    self.name = try container.decode(String.self, forKey: .name)
    if let level = try? container.decodeIfPresent(String.self, forKey: .bot) {
      self.bot = level
    } else if container.contains(.bot) {
      let legacy = try container.decode([String: [String: String]].self, forKey: .bot)
      self.bot = legacy.values.first?["_0"]
    } else {
      self.bot = nil
    }
    self.isConnected = try container.decode(Bool.self, forKey: .isConnected)
    self.hasLeft = try container.decodeIfPresent(Bool.self, forKey: .hasLeft) ?? false
  }
}
