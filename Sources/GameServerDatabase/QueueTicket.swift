import GameServerGame
import GameServerWire

/// A player waiting in the queue that the nodes of a cluster share: who they are (the node that
/// opens their room may never have seen them), their rating, and the game they wait for.
///
/// ```swift
/// cluster.enqueue(QueueTicket(
///   player: "p-1", name: "ada", isGuest: false, rating: 1230, variant: GameVariant(game: "tictactoe"), seats: 2))
/// ```
public struct QueueTicket: Hashable, Codable, Sendable {
  public var player: PlayerID
  public var name: String
  public var isGuest: Bool
  public var rating: Int
  public var variant: GameVariant
  /// How many players the game should seat.
  public var seats: Int
  /// The fewest players the game starts with (its mode's fewest, at least two): a group
  /// smaller than that waits for more, or gets bots.
  public var fewest: Int

  public init(
    player: PlayerID, name: String, isGuest: Bool, rating: Int, variant: GameVariant, seats: Int, fewest: Int = 2
  ) {
    self.player = player
    self.name = name
    self.isGuest = isGuest
    self.rating = rating
    self.variant = variant
    self.seats = seats
    self.fewest = fewest
  }

  private enum CodingKeys: String, CodingKey {
    case player, name, isGuest, rating, variant, seats, fewest
  }

  // NB: A ticket stored before `fewest` was (a cluster's queue during an upgrade) starts with two.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.player = try container.decode(PlayerID.self, forKey: .player)
    self.name = try container.decode(String.self, forKey: .name)
    self.isGuest = try container.decode(Bool.self, forKey: .isGuest)
    self.rating = try container.decode(Int.self, forKey: .rating)
    self.variant = try container.decode(GameVariant.self, forKey: .variant)
    self.seats = try container.decode(Int.self, forKey: .seats)
    self.fewest = try container.decodeIfPresent(Int.self, forKey: .fewest) ?? 2
  }
}
