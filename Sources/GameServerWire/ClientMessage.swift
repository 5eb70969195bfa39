import GameServerGame
import GameServerJSON

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
    if case let .move(move) = self { return move.type }
    // NB: Every message but a move has its declaration (ProtocolTypesTests).
    return Self.declarations.first { $0.write(self) != nil }?.type ?? ""
  }

  /// The protocol's own message types: a game's move may not take one of these names (a
  /// server refuses such a catalog at start).
  public static let protocolTypes = Set(declarations.map(\.type))

  /// Every message of the protocol's own, each declared once: its type's name on the wire, how
  /// its fields are read, and how they are written (``ClientRequest/json``). Any other type is
  /// a game's move, which the game of the player's room reads.
  ///
  /// A new message is a case above, its declaration here, its handler (the server's routing
  /// table, `Server+Routing.swift`), its test and its row in the wire protocol article.
  static let declarations: [ClientMessageDeclaration] = [
    .init("guest", read: { .guest(name: try $0.name()) }) {
      guard case let .guest(name) = $0 else { return nil }
      return ["name": .string(name)]
    },
    .init("register", read: { .register(name: try $0.name(), password: try $0.password()) }) {
      guard case let .register(name, password) = $0 else { return nil }
      return ["name": .string(name), "password": .string(password)]
    },
    .init("login", read: { .login(name: try $0.name(), password: try $0.password()) }) {
      guard case let .login(name, password) = $0 else { return nil }
      return ["name": .string(name), "password": .string(password)]
    },
    .init("resume", read: { .resume(token: try $0.string("token", limit: ClientRequest.limits.token)) }) {
      guard case let .resume(token) = $0 else { return nil }
      return ["token": .string(token)]
    },
    .init("logout", read: { _ in .logout }) { $0 == .logout ? [:] : nil },
    .init("queue", read: { .queue(try $0.choice()) }) {
      guard case let .queue(choice) = $0 else { return nil }
      return choice.fields
    },
    .init("cancelQueue", read: { _ in .cancelQueue }) { $0 == .cancelQueue ? [:] : nil },
    .init("playBot", read: { .playBot(try $0.choice()) }) {
      guard case let .playBot(choice) = $0 else { return nil }
      return choice.fields
    },
    .init("createRoom", read: { .createRoom(try $0.choice()) }) {
      guard case let .createRoom(choice) = $0 else { return nil }
      return choice.fields
    },
    .init("joinRoom", read: { .joinRoom(code: try $0.string("code", limit: ClientRequest.limits.code)) }) {
      guard case let .joinRoom(code) = $0 else { return nil }
      return ["code": .string(code)]
    },
    // NB: 64 bytes: room ids are `room-` and 16 hex digits; older ones were longer.
    .init("spectate", read: { .spectate(room: RoomID(rawValue: try $0.string("room", limit: 64))) }) {
      guard case let .spectate(room) = $0 else { return nil }
      return ["room": .string(room.rawValue)]
    },
    .init("leaveRoom", read: { _ in .leaveRoom }) { $0 == .leaveRoom ? [:] : nil },
    .init("startRoom", read: { _ in .startRoom }) { $0 == .startRoom ? [:] : nil },
    .init("leaderboard", read: { .leaderboard(try $0.choice()) }) {
      guard case let .leaderboard(choice) = $0 else { return nil }
      return choice.fields
    },
    .init("rooms", read: { .rooms(game: try $0.optionalString("game", limit: 32)) }) {
      guard case let .rooms(game) = $0 else { return nil }
      return game.map { ["game": .string($0)] } ?? [:]
    },
    .init("history", read: { _ in .history }) { $0 == .history ? [:] : nil },
    .init("replay", read: { .replay(number: try $0.gameNumber("number")) }) {
      guard case let .replay(number) = $0 else { return nil }
      return ["number": .number(Double(number))]
    },
    .init("chat", read: { .chat(try $0.phrase()) }) {
      guard case let .chat(phrase) = $0 else { return nil }
      return ["phrase": .string(phrase.rawValue)]
    },
    .init("watchLobby", read: { .watchLobby(try $0.lobbyChoice()) }) {
      guard case let .watchLobby(choice) = $0 else { return nil }
      guard let choice else { return [:] }
      return GameChoice(game: choice.game, mode: choice.mode).fields
    },
    .init("unwatchLobby", read: { _ in .unwatchLobby }) { $0 == .unwatchLobby ? [:] : nil },
    .init("games", read: { _ in .games }) { $0 == .games ? [:] : nil },
    .init("ping", read: { _ in .ping }) { $0 == .ping ? [:] : nil },
  ]

  /// The declarations by type, for reading.
  static let declarationsByType = Dictionary(uniqueKeysWithValues: declarations.map { ($0.type, $0) })
}

/// One message type of the protocol's own, declared once (`ClientMessage.declarations`).
struct ClientMessageDeclaration: Sendable {
  /// The type's name on the wire.
  let type: String
  /// Reads the message from its fields, or says exactly what is wrong with them.
  // NB: Untyped: a closure's typed throws is not inferred from its context; every reader throws
  //     a ProtocolError (ClientMessage.init(type:fields:)).
  let read: @Sendable (MessageFields) throws -> ClientMessage
  /// The message's fields, but `v`, `id` and `type`; nil for a message of another type.
  let write: @Sendable (ClientMessage) -> [String: JSONValue]?

  init(
    _ type: String, read: @escaping @Sendable (MessageFields) throws -> ClientMessage,
    write: @escaping @Sendable (ClientMessage) -> [String: JSONValue]?
  ) {
    self.type = type
    self.read = read
    self.write = write
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
