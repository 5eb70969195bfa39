import GameServerGameCore
import GameServerTicTacToe
import GameServerWordGrid

extension ClientRequest {
  /// The longest request id, name, password, token or code accepted, in bytes of UTF-8 (a
  /// password of 128 characters may take 512), and the most faces in a path.
  public static let limits = (id: 64, name: 24, password: 512, token: 128, code: 16, path: 27)

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
    var fields = Fields(object: object, requestID: nil)
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
  fileprivate init(type: String, fields: Fields) throws(ProtocolError) {
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
    case "queue": self = .queue(try fields.variant())
    case "cancelQueue": self = .cancelQueue
    case "playBot": self = .playBot(try fields.variant())
    case "createRoom": self = .createRoom(try fields.variant())
    case "joinRoom": self = .joinRoom(code: try fields.string("code", limit: ClientRequest.limits.code))
    case "spectate": self = .spectate(room: RoomID(rawValue: try fields.string("room", limit: 32)))
    case "leaveRoom": self = .leaveRoom
    case "move":
      let cell = try fields.object("cell")
      self = .move(Cell(row: try cell.int("row"), column: try cell.int("column")))
    case "word":
      let path = try fields.objects("path", limit: ClientRequest.limits.path)
      var faces: [FacePosition] = []
      for face in path { faces.append(try face.face()) }
      self = .word(faces)
    case "removeCube":
      let cube = try fields.object("cube")
      self = .removeCube(CubeIndex(x: try cube.int("x"), y: try cube.int("y"), z: try cube.int("z")))
    case "pass": self = .pass
    case "resign": self = .resign
    case "rematch": self = .rematch
    case "leaderboard": self = .leaderboard(try fields.variant())
    case "ping": self = .ping
    default: throw .unknownType(type, requestID: fields.requestID)
    }
  }
}

/// Typed access to a JSON object's fields, with protocol errors that name the field.
private struct Fields {
  let object: [String: JSONValue]
  var requestID: String?
  var prefix = ""

  func value(_ key: String) throws(ProtocolError) -> JSONValue {
    guard let value = self.object[key], value != .null else {
      throw .missingField(self.prefix + key, requestID: self.requestID)
    }
    return value
  }

  func string(_ key: String, limit: Int) throws(ProtocolError) -> String {
    guard case let .string(text) = try self.value(key) else {
      throw .wrongType(self.prefix + key, expected: "a string", requestID: self.requestID)
    }
    // NB: Bytes, not characters: a character may be many bytes (and a grapheme any number).
    guard text.utf8.count <= limit else { throw .tooLong(self.prefix + key, limit: limit, requestID: self.requestID) }
    return text
  }

  func optionalString(_ key: String, limit: Int) throws(ProtocolError) -> String? {
    guard let value = self.object[key], value != .null else { return nil }
    return try self.string(key, limit: limit)
  }

  func int(_ key: String) throws(ProtocolError) -> Int {
    guard case let .number(number) = try self.value(key), number.rounded() == number,
      abs(number) < 1_000_000
    else {
      throw .wrongType(self.prefix + key, expected: "a whole number", requestID: self.requestID)
    }
    return Int(number)
  }

  func object(_ key: String) throws(ProtocolError) -> Fields {
    guard case let .object(object) = try self.value(key) else {
      throw .wrongType(self.prefix + key, expected: "an object", requestID: self.requestID)
    }
    return Fields(object: object, requestID: self.requestID, prefix: self.prefix + key + ".")
  }

  func objects(_ key: String, limit: Int) throws(ProtocolError) -> [Fields] {
    guard case let .array(array) = try self.value(key) else {
      throw .wrongType(self.prefix + key, expected: "an array", requestID: self.requestID)
    }
    guard array.count <= limit else { throw .tooLong(self.prefix + key, limit: limit, requestID: self.requestID) }
    return try array.enumerated().map { (offset, element) throws(ProtocolError) -> Fields in
      guard case let .object(object) = element else {
        throw .wrongType("\(self.prefix)\(key)[\(offset)]", expected: "an object", requestID: self.requestID)
      }
      return Fields(object: object, requestID: self.requestID, prefix: "\(self.prefix)\(key)[\(offset)].")
    }
  }

  func variant() throws(ProtocolError) -> GameVariant {
    let game = try self.string("game", limit: 32)
    let mode = try self.optionalString("mode", limit: 32)
    guard let variant = GameVariant(game: game, mode: mode) else {
      throw .invalidValue(
        self.prefix + "game", "must be tictactoe, or wordgrid with mode race or turns",
        requestID: self.requestID)
    }
    return variant
  }

  func face() throws(ProtocolError) -> FacePosition {
    let name = try self.string("face", limit: 8)
    guard let side = Side(rawValue: name) else {
      throw .invalidValue(self.prefix + "face", "must be right, top or left", requestID: self.requestID)
    }
    return FacePosition(x: try self.int("x"), y: try self.int("y"), z: try self.int("z"), side: side)
  }
}
