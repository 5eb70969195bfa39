import GameServerGame
import GameServerJSON

extension ClientRequest {
  /// The longest request id, name, password, token or code accepted, in bytes of UTF-8 (a
  /// password of 128 characters may take 512).
  public static let limits = (id: 64, name: 24, password: 512, token: 128, code: 16)

  /// Decodes one client message, or says exactly what is wrong with it.
  ///
  /// ```swift
  /// switch ClientRequest.decoding(Array(text.utf8)) {
  /// case let .success(request): store.send(.client(connection, request))
  /// case let .failure(error): reply(error)
  /// }
  /// ```
  public static func decoding(_ bytes: [UInt8]) -> Result<ClientRequest, ProtocolError> {
    guard case let .object(object)? = try? JSONParser.parse(bytes) else {
      return .failure(.malformedJSON())
    }
    var fields = MessageFields(object: object, requestID: nil)
    do {
      let id = try fields.optionalString("id", limit: limits.id)
      fields.requestID = id
      let version = try fields.int("v")
      guard version == ClientMessage.protocolVersion else {
        return .failure(.unsupportedVersion(version, requestID: id))
      }
      let message = try ClientMessage(type: try fields.string("type", limit: 32), fields: fields)
      return .success(ClientRequest(id: id, message))
    } catch {
      return .failure(error)
    }
  }

  /// Decodes a message given as text; throws the ``ProtocolError``.
  public static func decode(_ text: String) throws(ProtocolError) -> ClientRequest {
    try decoding(Array(text.utf8)).get()
  }
}

extension ClientMessage {
  /// The protocol's own message types: a game's move may not take one of these names (a
  /// server refuses such a catalog at start).
  public static let protocolTypes: Set<String> = [
    "guest", "register", "login", "resume", "logout", "queue", "cancelQueue", "playBot", "createRoom", "joinRoom",
    "spectate", "leaveRoom", "startRoom", "leaderboard", "rooms", "history", "games", "ping", "watchLobby",
    "unwatchLobby", "replay", "chat",
  ]

  fileprivate init(type: String, fields: MessageFields) throws(ProtocolError) {
    switch type {
    case "guest": self = .guest(name: try fields.string("name", limit: ClientRequest.limits.name))
    case "register":
      self = .register(
        name: try fields.string("name", limit: ClientRequest.limits.name),
        password: try fields.string("password", limit: ClientRequest.limits.password))
    case "login":
      self = .login(
        name: try fields.string("name", limit: ClientRequest.limits.name),
        password: try fields.string("password", limit: ClientRequest.limits.password))
    case "resume": self = .resume(token: try fields.string("token", limit: ClientRequest.limits.token))
    case "logout": self = .logout
    case "queue": self = .queue(try fields.choice())
    case "cancelQueue": self = .cancelQueue
    case "playBot": self = .playBot(try fields.choice())
    case "createRoom": self = .createRoom(try fields.choice())
    case "joinRoom": self = .joinRoom(code: try fields.string("code", limit: ClientRequest.limits.code))
    // NB: 64 bytes: a cluster's shared queue names rooms `room-` and 32 hex digits (37 bytes).
    case "spectate": self = .spectate(room: RoomID(rawValue: try fields.string("room", limit: 64)))
    case "leaveRoom": self = .leaveRoom
    case "startRoom": self = .startRoom
    case "leaderboard": self = .leaderboard(try fields.choice())
    case "rooms": self = .rooms(game: try fields.optionalString("game", limit: 32))
    case "history": self = .history
    case "replay": self = .replay(number: try fields.gameNumber("number"))
    case "chat":
      let phrase = try fields.string("phrase", limit: 32)
      guard let chosen = ChatPhrase(rawValue: phrase) else {
        throw .invalidValue(
          "phrase", "is not a phrase: one of \(ChatPhrase.allCases.map(\.rawValue).joined(separator: ", "))",
          requestID: fields.requestID)
      }
      self = .chat(chosen)
    case "watchLobby":
      self = .watchLobby(try fields.optionalString("game", limit: 32) == nil ? nil : try fields.choice())
    case "unwatchLobby": self = .unwatchLobby
    case "games": self = .games
    case "ping": self = .ping
    // NB: Whether a game knows the type is for the server to say (`unknown_type` if none does).
    default: self = .move(MoveMessage(type: type, fields: fields))
    }
  }
}

extension MessageFields {
  /// A recorded game's number: a whole number from 1 to 2^53 (what a JSON number holds exactly).
  fileprivate func gameNumber(_ key: String) throws(ProtocolError) -> Int64 {
    guard case let .number(number) = try self.value(key), number.rounded() == number, number >= 1,
      number <= 9_007_199_254_740_992
    else {
      throw .wrongType(key, expected: "a game's number (a whole number from 1)", requestID: self.requestID)
    }
    return Int64(number)
  }

  fileprivate func choice() throws(ProtocolError) -> GameChoice {
    GameChoice(
      game: try self.string("game", limit: 32), mode: try self.optionalString("mode", limit: 32),
      players: try self.optionalInt("players"), bot: try self.optionalString("bot", limit: 32))
  }
}
