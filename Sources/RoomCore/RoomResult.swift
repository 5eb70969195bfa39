import GameCore
import ServerModels

/// A finished game, for the record and the ratings.
public struct RoomResult: Hashable, Codable, Sendable {
  public var variant: GameVariant
  public var players: [PlayerID]
  /// The players' names, in the same order.
  public var names: [String]
  public var bots: [PlayerID]
  /// Empty for a draw.
  public var winners: [PlayerID]
  /// The moves, as JSON.
  public var moves: String

  public init(
    variant: GameVariant, players: [PlayerID], names: [String], bots: [PlayerID], winners: [PlayerID],
    moves: String
  ) {
    self.variant = variant
    self.players = players
    self.names = names
    self.bots = bots
    self.winners = winners
    self.moves = moves
  }
}
