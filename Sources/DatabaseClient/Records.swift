import GameCore
import ServerModels

/// A registered player.
public struct AccountRecord: Hashable, Codable, Sendable {
  public var player: PlayerID
  public var name: String
  /// The password hash as stored text (see `PasswordHash.encoded`).
  public var passwordHash: String

  public init(player: PlayerID, name: String, passwordHash: String) {
    self.player = player
    self.name = name
    self.passwordHash = passwordHash
  }
}

/// A session that a token resumes; only the token's hash is stored.
public struct SessionRecord: Hashable, Codable, Sendable {
  public var tokenHash: String
  public var player: PlayerID
  public var name: String
  public var isGuest: Bool

  public init(tokenHash: String, player: PlayerID, name: String, isGuest: Bool) {
    self.tokenHash = tokenHash
    self.player = player
    self.name = name
    self.isGuest = isGuest
  }
}

/// A finished game, with its moves, for the record and the ratings.
public struct GameRecord: Hashable, Codable, Sendable {
  public var room: RoomID
  public var variant: GameVariant
  /// People and bots, in seat order; bots are not rated.
  public var players: [PlayerID]
  /// The players' names, in the same order.
  public var names: [String]
  public var bots: [PlayerID]
  /// Empty for a draw.
  public var winners: [PlayerID]
  /// The moves as JSON, in order.
  public var moves: String

  public init(
    room: RoomID, variant: GameVariant, players: [PlayerID], names: [String], bots: [PlayerID],
    winners: [PlayerID], moves: String
  ) {
    self.room = room
    self.variant = variant
    self.players = players
    self.names = names
    self.bots = bots
    self.winners = winners
    self.moves = moves
  }
}

/// One line of a room's log: its state when created, then each accepted action.
public struct RoomLogEntry: Hashable, Codable, Sendable {
  public var room: RoomID
  /// 0 for the snapshot, then 1, 2, ... for actions.
  public var sequence: Int
  /// JSON of the room's state (sequence 0) or of an action.
  public var payload: String

  public init(room: RoomID, sequence: Int, payload: String) {
    self.room = room
    self.sequence = sequence
    self.payload = payload
  }
}

/// Why the database refused a write.
public enum DatabaseClientError: Error, Hashable, Sendable {
  case nameTaken(String)
}
