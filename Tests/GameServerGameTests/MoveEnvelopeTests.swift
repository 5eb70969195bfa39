import GameServerGame
import Testing

/// Moves through their own `Codable`: protocol v1's forms, and its errors for hostile fields.
struct MoveEnvelopeTests {
  struct Cell: Hashable, Codable, Sendable {
    var row: Int
    var column: Int
  }

  enum Move: Hashable, Codable, Sendable {
    case drop(column: Int)
    case mark(cell: Cell)
    case place(ships: [Cell], name: String)
    case fire(row: Int8)
    case resign
  }

  func decode(_ type: String, _ fields: [String: JSONValue]) throws(ProtocolError) -> Move {
    try MoveEnvelope.decode(Move.self, type: type, fields: MessageFields(object: fields, requestID: "r1"))
  }

  @Test func readsTheWireFormsOfEachCase() throws {
    // NB: A message's own fields (v, type, id) are among its fields, and ignored.
    #expect(try self.decode("drop", ["v": 1, "type": "drop", "column": 3]) == .drop(column: 3))
    #expect(try self.decode("resign", ["v": 1, "type": "resign"]) == .resign)
    #expect(try self.decode("mark", ["cell": ["row": 1, "column": 2]]) == .mark(cell: Cell(row: 1, column: 2)))
    #expect(
      try self.decode("place", ["ships": [["row": 0, "column": 0], ["row": 4, "column": 1]], "name": "fleet"])
        == .place(ships: [Cell(row: 0, column: 0), Cell(row: 4, column: 1)], name: "fleet"))
  }

  @Test func writesWhatItReads() throws {
    let moves: [Move] = [
      .drop(column: 3), .resign, .mark(cell: Cell(row: 1, column: 2)),
      .place(ships: [Cell(row: 0, column: 1)], name: "a"),
    ]
    for move in moves {
      let (type, fields) = MoveEnvelope.message(for: move)
      #expect(try MoveEnvelope.decode(Move.self, type: type, fields: MessageFields(object: fields)) == move)
    }
    #expect(MoveEnvelope.message(for: Move.drop(column: 3)).type == "drop")
    #expect(MoveEnvelope.message(for: Move.drop(column: 3)).fields == ["column": 3])
    #expect(MoveEnvelope.message(for: Move.resign).fields == [:])
  }

  @Test func hostileFieldsGetProtocolErrorsNamingTheField() {
    func error(_ type: String, _ fields: [String: JSONValue]) -> ProtocolError? {
      do {
        _ = try self.decode(type, fields)
        return nil
      } catch {
        return error
      }
    }
    #expect(error("drop", [:]) == .missingField("column", requestID: "r1"))
    #expect(error("drop", ["column": "3"]) == .wrongType("column", expected: "a whole number", requestID: "r1"))
    #expect(error("drop", ["column": 2.5]) == .wrongType("column", expected: "a whole number", requestID: "r1"))
    #expect(error("drop", ["column": 1e300]) == .wrongType("column", expected: "a whole number", requestID: "r1"))
    #expect(error("drop", ["column": .null]) == .missingField("column", requestID: "r1"))
    #expect(error("mark", ["cell": ["row": 1]]) == .missingField("cell.column", requestID: "r1"))
    #expect(error("mark", ["cell": 7]) == .wrongType("cell", expected: "an object", requestID: "r1"))
    #expect(
      error("place", ["ships": [["row": 0, "column": 0], ["row": "x", "column": 0]], "name": "a"])
        == .wrongType("ships[1].row", expected: "a whole number", requestID: "r1"))
    #expect(error("fire", ["row": 200]) == .wrongType("row", expected: "a whole number in range", requestID: "r1"))
    let many = JSONValue.array(Array(repeating: ["row": 0, "column": 0], count: MoveEnvelope.arrayLimit + 1))
    #expect(
      error("place", ["ships": many, "name": "a"]) == .tooLong("ships", limit: MoveEnvelope.arrayLimit, requestID: "r1")
    )
    let long = JSONValue.string(String(repeating: "é", count: MoveEnvelope.stringLimit))
    #expect(
      error("place", ["ships": [], "name": long]) == .tooLong("name", limit: MoveEnvelope.stringLimit, requestID: "r1"))
  }
}
