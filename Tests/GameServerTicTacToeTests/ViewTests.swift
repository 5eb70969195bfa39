import Foundation
import GameServerGame
import GameServerTicTacToe
import Testing

struct ViewTests {
  func game() -> TicTacToe.State {
    var state = TicTacToe.State(x: "alice", o: "bob")
    state.board = Board("X..", ".O.", "..X")
    state.moveNumber = 3
    state.turn = .o
    return state
  }

  @Test func playersSeeTheirMark() {
    #expect(game().view(for: "alice").you == .x)
    #expect(game().view(for: "bob").you == .o)
  }

  @Test func spectatorsSeeTheBoardButHoldNoMark() {
    let view = game().view(for: "carol")
    #expect(view.you == nil)
    #expect(view.board == ["X..", ".O.", "..X"])
    #expect(view.turn == .o)
    #expect(view.x == "alice")
    #expect(view.moveTimeLimitSeconds == 30)
    #expect(game().view(for: nil) == view)
  }

  @Test func aFinishedGameShowsTheLineAndNoTurn() throws {
    var state = game()
    state.outcome = .win(.x, line: Line(kind: .diagonal))
    let view = state.view(for: nil)
    #expect(view.turn == nil)
    let json = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
    #expect(json.contains(#""result":"win""#))
    #expect(json.contains(#""kind":"diagonal""#))
    #expect(try JSONDecoder().decode(TicTacToeView.self, from: Data(json.utf8)) == view)
  }

  @Test(arguments: [
    Outcome.draw, .win(.o, line: Line(kind: .column(2))), .resignation(winner: .x), .timeout(winner: .o),
  ])
  func outcomesRoundTrip(outcome: Outcome) throws {
    let data = try JSONEncoder().encode(outcome)
    #expect(try JSONDecoder().decode(Outcome.self, from: data) == outcome)
  }
}
