import Foundation
import GameServerGame
import GameServerJSON
import GameServerRatings
import GameServerWire

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
///
/// A token is good until `expiresAt` (a while after it was issued; see ``Login``). Resuming
/// replaces it: the new session names the old one as its `predecessor`, the old one is cut short
/// to a grace period, and the predecessor is forgotten once the new token is first used.
public struct SessionRecord: Hashable, Codable, Sendable {
  public var tokenHash: String
  public var player: PlayerID
  public var name: String
  public var isGuest: Bool
  public var issuedAt: Date
  public var expiresAt: Date
  /// The hash of the token this one replaced, while that one is still in its grace period.
  public var predecessor: String?

  /// How many sessions a player may have at once: logging in again forgets the oldest.
  public static let maxPerPlayer = 16

  public init(
    tokenHash: String, player: PlayerID, name: String, isGuest: Bool, issuedAt: Date, expiresAt: Date,
    predecessor: String? = nil
  ) {
    self.tokenHash = tokenHash
    self.player = player
    self.name = name
    self.isGuest = isGuest
    self.issuedAt = issuedAt
    self.expiresAt = expiresAt
    self.predecessor = predecessor
  }
}

/// A finished game, with its moves, for the record and the ratings.
public struct GameRecord: Hashable, Codable, Sendable, RatedGame {
  public var room: RoomID
  public var variant: GameVariant
  /// People and bots, in seat order; bots are not rated.
  public var players: [PlayerID]
  /// The players' names, in the same order.
  public var names: [String]
  public var bots: [PlayerID]
  /// The people who played as guests: rated, but not listed on leaderboards (their names are
  /// not theirs alone).
  public var guests: [PlayerID]
  /// Empty for a draw.
  public var winners: [PlayerID]
  /// For a game of more than two: every player's place, first to last, players in one group
  /// tied. Ratings move by each pair's result.
  public var ranking: [[PlayerID]]?
  /// The moves as JSON, in order.
  public var moves: String
  /// When the store recorded it, where the store says (SQLite and PostgreSQL do, as they read a
  /// player's games back; the in-memory store keeps no time): not part of the record's JSON,
  /// nor of what makes two records the same.
  public var finishedAt: Date?
  /// The game's number in its store, where the store says (each does, as it reads a player's
  /// games back): what `replay` asks for. Like `finishedAt`, not part of the record's JSON nor of
  /// what makes two records the same.
  public var number: Int64?
  /// How much the game moved the rating of the player whose games were read (`fetchGames`),
  /// where the store kept it: nil for a bot's game, and for games recorded before stores kept
  /// it. Like `finishedAt`, not part of the record's JSON nor of what makes two records the same.
  public var ratingChange: Int?

  public init(
    room: RoomID, variant: GameVariant, players: [PlayerID], names: [String], bots: [PlayerID],
    guests: [PlayerID] = [], winners: [PlayerID], ranking: [[PlayerID]]? = nil, moves: String
  ) {
    self.room = room
    self.variant = variant
    self.players = players
    self.names = names
    self.bots = bots
    self.guests = guests
    self.winners = winners
    self.ranking = ranking
    self.moves = moves
  }

  private enum CodingKeys: String, CodingKey {
    case room, variant, players, names, bots, guests, winners, ranking, moves
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.room == rhs.room && lhs.variant == rhs.variant && lhs.players == rhs.players && lhs.names == rhs.names
      && lhs.bots == rhs.bots && lhs.guests == rhs.guests && lhs.winners == rhs.winners && lhs.ranking == rhs.ranking
      && lhs.moves == rhs.moves
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.room)
    hasher.combine(self.variant)
    hasher.combine(self.players)
    hasher.combine(self.moves)
  }

  /// Reads a record; one stored before guests were named in it reads with none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.room = try container.decode(RoomID.self, forKey: .room)
    self.variant = try container.decode(GameVariant.self, forKey: .variant)
    self.players = try container.decode([PlayerID].self, forKey: .players)
    self.names = try container.decode([String].self, forKey: .names)
    self.bots = try container.decode([PlayerID].self, forKey: .bots)
    self.guests = try container.decodeIfPresent([PlayerID].self, forKey: .guests) ?? []
    self.winners = try container.decode([PlayerID].self, forKey: .winners)
    self.ranking = try container.decodeIfPresent([[PlayerID]].self, forKey: .ranking)
    self.moves = try container.decode(String.self, forKey: .moves)
  }
}

/// One line of a room's log: a snapshot of the room (when it opens, and when its log starts
/// again), then each accepted action.
///
/// Sequences count up over the room's whole life: a snapshot that starts the log again takes
/// the next number, and the log then holds it and what follows.
public struct RoomLogEntry: Hashable, Codable, Sendable {
  public var room: RoomID
  public var sequence: Int
  /// The game that ended with this line: recorded, with the players' ratings, in the same
  /// transaction as the line (not part of the line's JSON).
  public var finishedGame: GameRecord?
  /// On a snapshot: the people seated in the room, for a cluster's directory (which node a
  /// returning player is sent to); on a seat's event, the people who came back to their seats
  /// after they had left. Not part of the line's JSON.
  public var seatedPlayers: [PlayerID]?
  /// On a seat's event: the people who left their seats for good with it (they left, or their
  /// grace ran out), whom a cluster's directory no longer seats there. Not part of the line's
  /// JSON.
  public var leftPlayers: [PlayerID]?
  private var source: Source

  private enum Source: Sendable {
    case text(String)
    case value(any Encodable & Sendable)
    case representable(any JSONTextRepresentable & Encodable & Sendable)
  }

  public init(room: RoomID, sequence: Int, payload: String) {
    self.room = room
    self.sequence = sequence
    self.source = .text(payload)
  }

  /// An entry whose JSON is written when the payload is first read: by the database's writer,
  /// off the thread that runs the rooms.
  ///
  /// ```swift
  /// database.appendRoomLog(RoomLogEntry(room: id, sequence: 3, encoding: event))
  /// ```
  public init(room: RoomID, sequence: Int, encoding value: some Encodable & Sendable) {
    self.room = room
    self.sequence = sequence
    self.source = .value(value)
  }

  /// An entry for a value that can write its own JSON, written when the payload is first read.
  ///
  /// ```swift
  /// database.appendRoomLog(RoomLogEntry(room: id, sequence: 3, encoding: event))
  /// ```
  public init(room: RoomID, sequence: Int, encoding value: some JSONTextRepresentable & Encodable & Sendable) {
    self.room = room
    self.sequence = sequence
    self.source = .representable(value)
  }

  /// The line as a ticket: what a message showing the room as of this line waits for.
  public var ticket: RoomLogTicket { RoomLogTicket(room: self.room, sequence: self.sequence) }

  /// JSON of the room's state (a snapshot) or of an event.
  public var payload: String {
    get {
      switch self.source {
      case let .text(text): text
      case let .value(value): (try? JSONStreamEncoder.string(value)) ?? ""
      case let .representable(value): value.jsonText ?? (try? JSONStreamEncoder.string(value)) ?? ""
      }
    }
    set { self.source = .text(newValue) }
  }

  private enum CodingKeys: String, CodingKey { case room, sequence, payload }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      room: try container.decode(RoomID.self, forKey: .room),
      sequence: try container.decode(Int.self, forKey: .sequence),
      payload: try container.decode(String.self, forKey: .payload))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.room, forKey: .room)
    try container.encode(self.sequence, forKey: .sequence)
    try container.encode(self.payload, forKey: .payload)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.room == rhs.room && lhs.sequence == rhs.sequence && lhs.payload == rhs.payload
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.room)
    hasher.combine(self.sequence)
    hasher.combine(self.payload)
  }
}

/// Why the database refused a write.
public enum DatabaseClientError: Error, Hashable, Sendable {
  case nameTaken(String)
}
