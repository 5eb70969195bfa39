/// The players to move in a game, and what identifies the position they move in: the room
/// schedules a move for each of them whose seat is a bot's. One player in a game of turns;
/// several where seats move at once (a round in which every seat chooses).
///
/// ```swift
/// GameTurn(player: "ada", key: [1, 4])                 // ada to move, in game 1 after 4 moves
/// GameTurn(players: ["ada", "bob"], key: [1, 2])       // both choose, in round 2
/// ```
public struct GameTurn: Hashable, Sendable {
  /// Who is to move, in seat order.
  public var players: [PlayerID]
  /// Changes on every move, so that a bot's scheduled move is for the position it saw.
  public var key: [Int]

  /// The first player to move (the only one in a game of turns).
  public var player: PlayerID { self.players[0] }

  public init(player: PlayerID, key: [Int]) {
    self.players = [player]
    self.key = key
  }

  /// Several players to move at once; none is no turn (nil is clearer).
  public init(players: [PlayerID], key: [Int]) {
    self.players = players
    self.key = key
  }
}
