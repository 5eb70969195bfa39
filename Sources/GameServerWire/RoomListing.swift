/// A live room on the list that `rooms` answers with: one a queue or a bot game opened (private
/// rooms are never listed), for anyone to `spectate`.
///
/// `{"room":"room-9f2c4a1b7d3e5f60","game":"wordgrid","mode":"race","players":["ada","bob"],"spectators":1}`
///
/// ```swift
/// RoomListing(room: "room-9f2c4a1b7d3e5f60", game: "tictactoe", mode: "standard", players: ["ada", "bob"], spectators: 0)
/// ```
public struct RoomListing: Hashable, Codable, Sendable {
  public var room: RoomID
  public var game: String
  public var mode: String
  /// The seated players' names, in seat order (a bot's is its level and "bot").
  public var players: [String]
  /// How many watch it now.
  public var spectators: Int

  public init(room: RoomID, game: String, mode: String, players: [String], spectators: Int) {
    self.room = room
    self.game = game
    self.mode = mode
    self.players = players
    self.spectators = spectators
  }
}
