import ComposableArchitecture
import Foundation
import GameServerConnectFour
import GameServerGame
import Testing

@MainActor
struct RematchTests {
  let clock = SettlingTestClock()

  func finishedGame() -> ConnectFour.State {
    var state = ConnectFour.State(x: "alice", o: "bob")
    state.board = Board(".......", ".......", ".......", ".......", "OOO....", "XXXX...")
    state.moves = [0, 0, 1, 1, 2, 2, 3]
    state.moveNumber = 7
    state.turn = .o
    state.outcome = .win(.x, cells: [c(5, 0), c(5, 1), c(5, 2), c(5, 3)])
    return state
  }

  @Test func aRematchSwapsWhoStarts() async {
    let store = TestStore(initialState: finishedGame()) {
      ConnectFour()
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
    await store.send(.drop("bob", column: 3)) {
      $0.board[c(5, 3)] = .x
      $0.moves = [3]
      $0.moveNumber = 1
      $0.turn = .o
    }
    await store.send(.resign("alice")) {
      $0.outcome = .resignation(winner: .x)
    }
    await store.receive(.delegate(.ended(.resignation(winner: .x))))
    #expect(ConnectFour.gameNumber(of: store.state) == 2)
  }
}
