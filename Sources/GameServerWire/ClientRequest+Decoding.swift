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
  fileprivate init(type: String, fields: MessageFields) throws(ProtocolError) {
    // NB: Whether a game knows any other type is for the server to say (`unknown_type` if none
    //     does).
    guard let declaration = Self.declarationsByType[type] else {
      self = .move(MoveMessage(type: type, fields: fields))
      return
    }
    do {
      self = try declaration.read(fields)
    } catch let error as ProtocolError {
      throw error
    } catch {
      throw .malformedJSON()
    }
  }
}

extension MessageFields {
  /// A recorded game's number: a whole number from 1 to 2^53 (what a JSON number holds exactly).
  func gameNumber(_ key: String) throws(ProtocolError) -> Int64 {
    guard case let .number(number) = try self.value(key), number.rounded() == number, number >= 1,
      number <= 9_007_199_254_740_992
    else {
      throw .wrongType(key, expected: "a game's number (a whole number from 1)", requestID: self.requestID)
    }
    return Int64(number)
  }

  func choice() throws(ProtocolError) -> GameChoice {
    GameChoice(
      game: try self.string("game", limit: 32), mode: try self.optionalString("mode", limit: 32),
      players: try self.optionalInt("players"), bot: try self.optionalString("bot", limit: 32))
  }

  /// A choice of game, or none (`watchLobby` without a game).
  func lobbyChoice() throws(ProtocolError) -> GameChoice? {
    try self.optionalString("game", limit: 32) == nil ? nil : try self.choice()
  }

  func name() throws(ProtocolError) -> String {
    try self.string("name", limit: ClientRequest.limits.name)
  }

  func password() throws(ProtocolError) -> String {
    try self.string("password", limit: ClientRequest.limits.password)
  }

  func phrase() throws(ProtocolError) -> ChatPhrase {
    let phrase = try self.string("phrase", limit: 32)
    guard let chosen = ChatPhrase(rawValue: phrase) else {
      throw .invalidValue(
        "phrase", "is not a phrase: one of \(ChatPhrase.allCases.map(\.rawValue).joined(separator: ", "))",
        requestID: self.requestID)
    }
    return chosen
  }
}
