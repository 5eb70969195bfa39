import GameServerGame

/// Everything a client may ask of the server (protocol version 1).
///
/// Each message is a JSON object with `"v": 1`, a `"type"`, an optional `"id"` (a request id of
/// up to 64 characters that the answer and any error carry back as `"replyTo"`), and the type's
/// fields. See the wire protocol article (WireProtocol.md) for every type with an example.
///
/// ```swift
/// let request = try ClientRequest.decode(#"{"v":1,"id":"r1","type":"queue","game":"tictactoe"}"#)
/// request.message  // .queue(GameChoice(game: "tictactoe"))
/// ```
public enum ClientMessage: Hashable, Sendable {
  case guest(name: String)
  case register(name: String, password: String)
  case login(name: String, password: String)
  case resume(token: String)
  case logout
  case queue(GameChoice)
  case cancelQueue
  case playBot(GameChoice)
  case createRoom(GameChoice)
  case joinRoom(code: String)
  case spectate(room: RoomID)
  case leaveRoom
  /// The host starts a private room for more than two with the friends who joined so far.
  case startRoom
  /// Any other type: a move for the game in the player's room, which that game reads.
  case move(MoveMessage)
  case leaderboard(GameChoice)
  /// The live rooms anyone may watch, of one game or of all (nil).
  case rooms(game: String?)
  /// The player's own last games.
  case history
  /// One of the player's finished games again, move by move (`number` from `history`): answered
  /// with `replay` (``ReplayFrames``).
  case replay(number: Int64)
  /// A fixed phrase to everyone in the player's room (``ChatPhrase``): at most one every
  /// `chatInterval`.
  case chat(ChatPhrase)
  /// Keeps the lobby current while it is on screen: `rooms` at once and then whenever the live
  /// list changes, and with a game chosen its `leaderboard` at once and after each rated game
  /// of it; at most one push of each every `lobbyPushInterval`, and none while the player is
  /// in a room or watching one. Sent again, it chooses another game (or none).
  case watchLobby(GameChoice?)
  /// Stops the pushes of `watchLobby`.
  case unwatchLobby
  /// The games the server hosts (accepted before logging in).
  case games
  case ping

  /// The protocol version this server speaks.
  public static let protocolVersion = 1

  /// The wire name of the message's type.
  public var type: String {
    switch self {
    case .guest: "guest"
    case .register: "register"
    case .login: "login"
    case .resume: "resume"
    case .logout: "logout"
    case .queue: "queue"
    case .cancelQueue: "cancelQueue"
    case .playBot: "playBot"
    case .createRoom: "createRoom"
    case .joinRoom: "joinRoom"
    case .spectate: "spectate"
    case .leaveRoom: "leaveRoom"
    case .startRoom: "startRoom"
    case let .move(move): move.type
    case .leaderboard: "leaderboard"
    case .rooms: "rooms"
    case .history: "history"
    case .replay: "replay"
    case .chat: "chat"
    case .watchLobby: "watchLobby"
    case .unwatchLobby: "unwatchLobby"
    case .games: "games"
    case .ping: "ping"
    }
  }
}

/// A decoded client message with its request id.
public struct ClientRequest: Hashable, Sendable {
  public var id: String?
  public var message: ClientMessage

  public init(id: String? = nil, _ message: ClientMessage) {
    self.id = id
    self.message = message
  }
}
