import Foundation
import GameServerGame

/// A seat in a room: a person or a bot.
public struct Seat: Hashable, Codable, Sendable {
  public var player: PlayerID
  /// The name others see.
  public var name: String
  /// For a bot's seat, the level it plays at (one of its game's `Bot` raw values).
  public var bot: String?
  /// Whether a person plays as a guest (rated, but not on leaderboards).
  public var isGuest: Bool
  public var isConnected: Bool
  /// A person's rating in the room's game when the room opened (a player new to it has the
  /// initial rating); nil for bots.
  public var rating: Int?
  /// Set once a person leaves the room for good.
  public var hasLeft = false
  /// While a person who dropped keeps the seat: when the grace period ends, by the server's
  /// clock. Kept once the grace period ended (they forfeited by staying away); cleared when they
  /// come back or leave.
  public var awayUntil: Date?

  public init(player: PlayerID, name: String, bot: String? = nil, isGuest: Bool = false, rating: Int? = nil) {
    self.player = player
    self.name = name
    self.bot = bot
    self.isGuest = isGuest
    self.rating = rating
    self.isConnected = bot == nil
  }
}

extension Seat {
  private enum CodingKeys: String, CodingKey {
    case player, name, bot, isGuest, rating, isConnected, hasLeft, awayUntil
  }

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
    // NB: A seat written before the flag was stored: a guest's id says so.
    self.isGuest =
      try container.decodeIfPresent(Bool.self, forKey: .isGuest) ?? self.player.rawValue.hasPrefix("guest-")
    self.isConnected = try container.decode(Bool.self, forKey: .isConnected)
    self.rating = try container.decodeIfPresent(Int.self, forKey: .rating)
    self.hasLeft = try container.decodeIfPresent(Bool.self, forKey: .hasLeft) ?? false
    self.awayUntil = try container.decodeIfPresent(Date.self, forKey: .awayUntil)
  }
}
