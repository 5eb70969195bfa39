/// The player to move in a turn-based game, and what identifies the position they move in: the
/// room schedules a bot's move for it when the seat is a bot's.
public struct GameTurn: Hashable, Sendable {
  public var player: PlayerID
  /// Changes on every move, so that a bot's scheduled move is for the position it saw.
  public var key: [Int]

  public init(player: PlayerID, key: [Int]) {
    self.player = player
    self.key = key
  }
}
