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

  public init(player: PlayerID, name: String, isGuest: Bool, rating: Int, variant: GameVariant, seats: Int) {
    self.player = player
    self.name = name
    self.isGuest = isGuest
    self.rating = rating
    self.variant = variant
    self.seats = seats
  }
}
