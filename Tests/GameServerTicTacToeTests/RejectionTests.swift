import ComposableArchitecture
import Foundation
import GameServerGame
import GameServerTicTacToe
import Testing

@MainActor
struct RejectionTests {
  func makeStore(_ state: TicTacToe.State = TicTacToe.State(x: "alice", o: "bob")) -> TestStoreOf<TicTacToe> {
    TestStore(initialState: state) {
      TicTacToe()
    } withDependencies: {
      $0.continuousClock = SettlingTestClock()
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
  }

  @Test func aMoveOutOfTurn() async {
    let store = makeStore()
    await store.send(.move("bob", c(0, 0)))
    await store.receive(.delegate(.rejected("bob", .notYourTurn)))
  }

  @Test func aMoveOnAnOccupiedCell() async {
    var state = TicTacToe.State(x: "alice", o: "bob")
    state.board = Board("X..", "...", "...")
    state.turn = .o
    state.moveNumber = 1
    let store = makeStore(state)
    await store.send(.move("bob", c(0, 0)))
    await store.receive(.delegate(.rejected("bob", .cellOccupied(c(0, 0)))))
  }

  @Test(arguments: [c(3, 0), c(0, 3), c(-1, 1), c(1, -1), c(9, 9)])
  func aMoveOffTheBoard(cell: Cell) async {
    let store = makeStore()
    await store.send(.move("alice", cell))
    await store.receive(.delegate(.rejected("alice", .offBoard(cell))))
  }

  @Test func actionsBySomeoneNotSeated() async {
    let store = makeStore()
    await store.send(.move("carol", c(0, 0)))
    await store.receive(.delegate(.rejected("carol", .notSeated)))
    await store.send(.resign("carol"))
    await store.receive(.delegate(.rejected("carol", .notSeated)))
    await store.send(.requestRematch("carol"))
    await store.receive(.delegate(.rejected("carol", .notSeated)))
  }

  @Test func aMoveAfterTheGameEnded() async {
    var state = TicTacToe.State(x: "alice", o: "bob")
    state.board = Board("XXX", "OO.", "...")
    state.outcome = .win(.x, line: Line(kind: .row(0)))
    state.turn = .o
    let store = makeStore(state)
    await store.send(.move("bob", c(1, 2)))
    await store.receive(.delegate(.rejected("bob", .gameOver)))
  }

  @Test func checksComeInAFixedOrder() async {
    // Off the board and out of turn: out of turn is reported first.
    let store = makeStore()
    await store.send(.move("bob", c(7, 7)))
    await store.receive(.delegate(.rejected("bob", .notYourTurn)))
  }

  @Test func errorsHaveCodesAndMessages() {
    let errors: [TicTacToeError] = [
      .notSeated, .gameOver, .notYourTurn, .offBoard(c(3, 3)), .cellOccupied(c(0, 0)), .gameNotOver,
    ]
    #expect(Set(errors.map(\.code)).count == errors.count)
    #expect(errors.allSatisfy { !$0.message.isEmpty })
    #expect(TicTacToeError.notYourTurn.code == "not_your_turn")
  }
}
