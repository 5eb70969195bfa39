import GameServerGame
import GameServerWire

/// Who a logged-in connection is.
public struct Identity: Hashable, Codable, Sendable {
  public var player: PlayerID
  /// The name others see.
  public var name: String
  public var isGuest: Bool
  public var ratings: [GameVariant: Int]

  public init(player: PlayerID, name: String, isGuest: Bool, ratings: [GameVariant: Int] = [:]) {
    self.player = player
    self.name = name
    self.isGuest = isGuest
    self.ratings = ratings
  }
}
