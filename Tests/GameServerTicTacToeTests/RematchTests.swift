import ComposableArchitecture
import Foundation
import GameServerGame
import GameServerTicTacToe
import Testing

@MainActor
struct RematchTests {
  let clock = SettlingTestClock()

  func finishedGame() -> TicTacToe.State {
    var state = TicTacToe.State(x: "alice", o: "bob")
    state.board = Board("XXX", "OO.", "...")
    state.moves = [c(0, 0), c(1, 0), c(0, 1), c(1, 1), c(0, 2)]
    state.moveNumber = 5
    state.turn = .o
    state.outcome = .win(.x, line: Line(kind: .row(0)))
    return state
  }

  @Test func aRematchSwapsWhoStarts() async {
    let store = TestStore(initialState: finishedGame()) {
      TicTacToe()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
    await store.send(.requestRematch("bob")) {
      $0.rematchRequests = [.o]
    }
    await store.send(.requestRematch("bob"))
    await store.send(.requestRematch("alice")) {
      $0.seats = [.x: "bob", .o: "alice"]
      $0.board = Board()
      $0.turn = .x
      $0.outcome = nil
      $0.moveNumber = 0
      $0.moves = []
      $0.rematchRequests = []
      $0.gameNumber = 2
      $0.moveEndsAt = deadline($0)
    }
    // Bob now plays X and moves first.
    await store.send(.move("bob", c(1, 1))) {
      $0.board[c(1, 1)] = .x
      $0.moves = [c(1, 1)]
      $0.moveNumber = 1
      $0.turn = .o
    }
    await store.send(.resign("alice")) {
      $0.outcome = .resignation(winner: .x)
    }
    await store.receive(.delegate(.ended(.resignation(winner: .x))))
  }

  @Test func aRematchDuringAGameIsRejected() async {
    let store = TestStore(initialState: TicTacToe.State(x: "alice", o: "bob")) {
      TicTacToe()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
    await store.send(.requestRematch("alice"))
    await store.receive(.delegate(.rejected("alice", .gameNotOver)))
  }
}
