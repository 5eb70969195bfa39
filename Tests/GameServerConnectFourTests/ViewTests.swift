import DependenciesTestSupport
import Foundation
import GameServerConnectFour
import GameServerGame
import Testing

@Suite(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
struct ViewTests {
  func game() -> ConnectFour.State {
    var state = ConnectFour.State(x: "alice", o: "bob")
    for column in [3, 3, 4] {
      _ = ConnectFour().reduce(into: &state, action: .drop(state.seats[state.turn]!, column: column))
    }
    return state
  }

  @Test func playersSeeTheirDisc() {
    #expect(game().view(for: "alice").you == .x)
    #expect(game().view(for: "bob").you == .o)
  }

  @Test func spectatorsSeeTheBoardButHoldNoDisc() {
    let view = game().view(for: "carol")
    #expect(view.you == nil)
    #expect(view.board == [".......", ".......", ".......", ".......", "...O...", "...XX.."])
    #expect(view.turn == .o)
    #expect(view.x == "alice")
    #expect(view.o == "bob")
    #expect(view.moveNumber == 3)
    #expect(view.lastMove == c(5, 4))
    #expect(view.moveTimeLimitSeconds == 30)
    #expect(view.gameNumber == 1)
    #expect(game().view(for: nil) == view)
  }

  @Test func theLastMoveIsTheTopDiscOfItsColumn() {
    var state = game()
    _ = ConnectFour().reduce(into: &state, action: .drop("bob", column: 3))
    #expect(state.view(for: nil).lastMove == c(3, 3))
    #expect(ConnectFour.State(x: "alice", o: "bob").view(for: nil).lastMove == nil)
  }

  @Test func aFinishedGameShowsTheFourAndNoTurn() throws {
    var state = game()
    state.outcome = .win(.x, cells: [c(5, 1), c(5, 2), c(5, 3), c(5, 4)])
    state.rematchRequests = [.o, .x]
    let view = state.view(for: nil)
    #expect(view.turn == nil)
    #expect(view.rematchRequests == [.x, .o])
    let json = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
    #expect(json.contains(#""result":"win""#))
    #expect(json.contains(#""cells":[{"#))
    #expect(try JSONDecoder().decode(ConnectFourView.self, from: Data(json.utf8)) == view)
  }

  @Test(arguments: [
    nil, Outcome.draw, .win(.o, cells: [c(2, 0), c(3, 0), c(4, 0), c(5, 0)]), .resignation(winner: .x),
    .timeout(winner: .o),
  ])
  func viewsRoundTripAsTheServerWritesThem(outcome: Outcome?) throws {
    for viewer: PlayerID? in ["alice", "bob", "spectator \"quoted\"", nil] {
      var state = game()
      state.outcome = outcome
      let view = ConnectFour.view(of: state, for: viewer)
      let output = JSONOutput(capacity: 256)
      ConnectFour.write(view, to: output)
      #expect(try JSONDecoder().decode(ConnectFourView.self, from: Data(output.bytes)) == view)
      #expect(try JSONDecoder().decode(ConnectFourView.self, from: JSONEncoder().encode(view)) == view)
    }
  }
}
