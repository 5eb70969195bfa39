import CasePaths
import GameServerGame

/// Everything the server tells a client (protocol version 1).
///
/// Each is a JSON object with `"v": 1`, a `"type"`, the type's fields, and `"replyTo"` when it
/// answers a request that carried an id. See the wire protocol article (WireProtocol.md).
///
/// ```swift
/// let text = ServerMessage.error(ProtocolError.unknownType("fly", requestID: "r1")).json
/// // {"v":1,"type":"error","code":"unknown_type","message":"...","replyTo":"r1"}
/// ```
@CasePathable
public enum ServerMessage: Equatable, Sendable {
  /// Logged in (or resumed): who you are, and the token that resumes this session.
  case welcome(Welcome)
  case error(ProtocolError)
  /// Waiting in a public queue.
  case queued(GameVariant, replyTo: String?)
  /// No longer waiting: asked for, or (`reason`) the private room you joined closed.
  case queueLeft(reason: String? = nil, replyTo: String?)
  /// A private room is open; share the code.
  case privateRoom(code: String, GameVariant, replyTo: String?)
  /// Who is in a private room for more than two that waits for players or for its host to start it.
  case lobby(Lobby, replyTo: String? = nil)
  /// The current view of a room, written by its game; `replyTo` when it answers a request.
  case room(RoomView, replyTo: String? = nil)
  /// You left a room (`reason` is `left`, the only reason sent today).
  case roomLeft(RoomID, reason: String, replyTo: String? = nil)
  /// A game's leaderboard.
  case leaderboard(GameVariant, [LeaderboardEntry], replyTo: String?)
  /// The games the server hosts.
  case games([GameListing], replyTo: String?)
  /// Live rooms to watch, the newest first.
  case rooms([RoomListing], replyTo: String?)
  /// A person's new rating once a rated game they played is stored.
  case rating(RatingChange)
  /// The player's last games, oldest first.
  case history([GameSummary], replyTo: String?)
  /// One of the player's finished games, move by move, as they saw it.
  case replay(ReplayFrames, replyTo: String?)
  /// A phrase a player of your room said.
  case chat(RoomChat)
  /// Your room lives on another server of the cluster: connect to `url` and `resume` there.
  case moved(RoomID, url: String)
  /// The private room with this invite code waits on another server of the cluster: connect to
  /// `url`, `resume`, and send `joinRoom` with the code there.
  case joinElsewhere(code: String, url: String, replyTo: String?)
  /// Logged out.
  case goodbye(replyTo: String?)
  case pong(replyTo: String?)

  /// The details of a welcome.
  public struct Welcome: Hashable, Codable, Sendable {
    public var player: PlayerID
    public var name: String
    public var guest: Bool
    public var token: String
    public var ratings: [String: Int]
    /// The room you are seated in, if any (after a resume).
    public var room: RoomID?
    public var replyTo: String?

    public init(
      player: PlayerID, name: String, guest: Bool, token: String, ratings: [String: Int],
      room: RoomID?, replyTo: String?
    ) {
      self.player = player
      self.name = name
      self.guest = guest
      self.token = token
      self.ratings = ratings
      self.room = room
      self.replyTo = replyTo
    }
  }
}

/// A private room for more than two that waits: `{"type":"lobby","code":"K7QX2","game":"wordgrid",
/// "mode":"race","seats":4,"players":["ada","bob"]}`, the host first.
public struct Lobby: Hashable, Codable, Sendable {
  public var code: String
  public var variant: GameVariant
  /// How many players it seats at most.
  public var seats: Int
  /// The names of the players in it, the host first.
  public var players: [String]

  public init(code: String, variant: GameVariant, seats: Int, players: [String]) {
    self.code = code
    self.variant = variant
    self.seats = seats
    self.players = players
  }
}
