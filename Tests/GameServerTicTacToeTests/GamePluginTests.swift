import Foundation
import GameServerGame
import GameServerTicTacToe
import Testing

/// Tic-tac-toe as the server sees it: its hand-written view is its `Encodable` one, and its
/// moves read from client messages, with errors that name the field.
struct GamePluginTests {
  private func fields(_ json: String, id: String? = nil) throws -> MessageFields {
    guard case let .object(object) = try JSONParser.parse(Array(json.utf8)) else {
      throw ProtocolError(code: "malformed_json", message: "Not an object.")
    }
    return MessageFields(object: object, requestID: id)
  }

  @Test func theHandWrittenViewIsTheEncodableOne() throws {
    let outcomes: [Outcome?] = [
      nil, .draw, .resignation(winner: .o), .timeout(winner: .x),
      .win(.x, line: Line(kind: .row(2))), .win(.o, line: Line(kind: .column(0))),
      .win(.x, line: Line(kind: .diagonal)), .win(.o, line: Line(kind: .antiDiagonal)),
    ]
    for outcome in outcomes {
      for viewer: PlayerID in ["ada", "bob \\ b", "spectator \"quoted\""] {
        var game = TicTacToe.State(x: "ada", o: "bob \\ b")
        game.board[Cell(row: 2, column: 1)] = .x
        game.outcome = outcome
        game.rematchRequests = outcome == nil ? [] : [.o, .x]
        let view = TicTacToe.view(of: game, for: viewer)
        let output = JSONOutput(capacity: 256)
        TicTacToe.write(view, to: output)
        #expect(output.bytes == (try JSONStreamEncoder.encode(view)))
        #expect(try JSONParser.parse(output.bytes) == JSONParser.parse(Array(try JSONEncoder().encode(view))))
        #expect(try JSONDecoder().decode(TicTacToeView.self, from: Data(output.bytes)) == view)
      }
    }
  }

  @Test func movesReadFromMessages() throws {
    #expect(
      try TicTacToe.move(type: "move", fields: fields(#"{"cell":{"row":1,"column":2}}"#))
        == .mark(Cell(row: 1, column: 2)))
    #expect(try TicTacToe.move(type: "resign", fields: fields("{}")) == .resign)
    #expect(try TicTacToe.move(type: "rematch", fields: fields("{}")) == .rematch)
    #expect(throws: ProtocolError.missingField("cell.column", requestID: "m")) {
      try TicTacToe.move(type: "move", fields: fields(#"{"cell":{"row":1}}"#, id: "m"))
    }
    #expect(throws: ProtocolError.wrongType("cell.row", expected: "a whole number", requestID: nil)) {
      try TicTacToe.move(type: "move", fields: fields(#"{"cell":{"row":1e300,"column":0}}"#))
    }
  }

  @Test func movesWriteTheMessagesTheyAreReadFrom() throws {
    for move: TicTacToe.Move in [.mark(Cell(row: 0, column: 2)), .mark(Cell(row: 2, column: 1)), .resign, .rematch] {
      let (type, object) = TicTacToe.message(for: move)
      #expect(TicTacToe.moveTypes.contains(type))
      #expect(try TicTacToe.move(type: type, fields: MessageFields(object: object)) == move)
    }
  }

  @Test func resultsRankTheWinnerFirst() {
    var game = TicTacToe.State(x: "ada", o: "bob")
    #expect(TicTacToe.result(of: game) == nil)
    game.outcome = .timeout(winner: .o)
    #expect(TicTacToe.result(of: game)?.winners == ["bob"])
    game.outcome = .draw
    #expect(TicTacToe.result(of: game)?.winners == [])
  }
}
