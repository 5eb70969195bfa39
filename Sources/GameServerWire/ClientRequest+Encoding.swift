import GameServerJSON

extension ClientRequest {
  /// The request as a client sends it: the one typed encoding of the protocol's client messages
  /// that the tests, the testing kit and the benchmarks share. Decoding it gives it back.
  ///
  /// ```swift
  /// ClientRequest(id: "1", .guest(name: "ada")).json  // {"v":1,"id":"1","type":"guest","name":"ada"}
  /// ClientRequest(.move(.move("drop", ["column": 3]))).json  // {"v":1,"type":"drop","column":3}
  /// ```
  public var json: String {
    var fields = self.fields
    let output = JSONOutput(capacity: 128)
    output.raw(#"{"v":"#)
    output.write(ClientMessage.protocolVersion)
    fields["v"] = nil
    for key in ["id", "type"] + fields.keys.filter({ $0 != "id" && $0 != "type" }).sorted() {
      guard let value = fields[key] else { continue }
      output.raw(",")
      output.write(key)
      output.raw(":")
      // NB: Plain values only (no non-finite numbers from a client's own fields): cannot fail.
      try? output.encode(value)
    }
    output.raw("}")
    return String(decoding: output.bytes, as: UTF8.self)
  }

  /// The message's fields, `v`, `id` and `type` among them.
  public var fields: [String: JSONValue] {
    var fields: [String: JSONValue]
    if case let .move(move) = self.message {
      fields = move.fields.object
    } else {
      fields = ClientMessage.declarations.lazy.compactMap { $0.write(self.message) }.first ?? [:]
    }
    fields["v"] = .number(Double(ClientMessage.protocolVersion))
    fields["type"] = .string(self.message.type)
    fields["id"] = self.id.map(JSONValue.string)
    return fields
  }
}

extension MoveMessage {
  /// A game's move message: its type and fields.
  ///
  /// ```swift
  /// .move("drop", ["column": 3])  // {"v":1,"type":"drop","column":3}
  /// ```
  public static func move(_ type: String, _ fields: [String: JSONValue] = [:]) -> MoveMessage {
    MoveMessage(type: type, fields: MessageFields(object: fields))
  }
}

extension ClientMessage {
  /// A game's move: `.move("drop", ["column": 3])`.
  public static func move(_ type: String, _ fields: [String: JSONValue] = [:]) -> ClientMessage {
    .move(.move(type, fields))
  }
}

extension MoveMessage {
  /// A game's move as its message, written by the game itself.
  ///
  /// ```swift
  /// MoveMessage(ConnectFour.self, .drop(column: 3))  // {"v":1,"type":"drop","column":3}
  /// ```
  public init<G: Game>(_ game: G.Type, _ move: G.Move) {
    let (type, fields) = game.message(for: move)
    self = .move(type, fields)
  }
}

extension ClientMessage {
  /// A game's move, typed: `.move(ConnectFour.self, .drop(column: 3))`.
  public static func move<G: Game>(_ game: G.Type, _ move: G.Move) -> ClientMessage {
    .move(MoveMessage(game, move))
  }
}

extension GameChoice {
  /// The choice's fields in a message that carries one.
  var fields: [String: JSONValue] {
    var fields: [String: JSONValue] = ["game": .string(self.game)]
    if let mode = self.mode { fields["mode"] = .string(mode) }
    if let players = self.players { fields["players"] = JSONValue(players) }
    if let bot = self.bot { fields["bot"] = .string(bot) }
    return fields
  }
}
