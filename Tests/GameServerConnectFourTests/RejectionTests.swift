import ComposableArchitecture
import Foundation
import GameServerConnectFour
import GameServerGame
import Testing

@MainActor
struct RejectionTests {
  func makeStore(_ state: ConnectFour.State = ConnectFour.State(x: "alice", o: "bob")) -> TestStoreOf<ConnectFour> {
    TestStore(initialState: state) {
      ConnectFour()
    } withDependencies: {
      $0.continuousClock = SettlingTestClock()
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
  }

  @Test func aDropOutOfTurn() async {
    let store = makeStore()
    await store.send(.drop("bob", column: 3))
    await store.receive(.delegate(.rejected("bob", .notYourTurn)))
  }

  @Test(arguments: [-1, 7, 99, -999_999, Int.max, Int.min])
  func aColumnOffTheBoard(column: Int) async {
    let store = makeStore()
    await store.send(.drop("alice", column: column))
    await store.receive(.delegate(.rejected("alice", .offBoard(column: column))))
  }

  @Test func aDropInAFullColumn() async {
    var state = ConnectFour.State(x: "alice", o: "bob")
    state.board = Board("..X....", "..O....", "..X....", "..O....", "..X....", "..O....")
    state.moves = [2, 2, 2, 2, 2, 2]
    state.moveNumber = 6
    let store = makeStore(state)
    await store.send(.drop("alice", column: 2))
    await store.receive(.delegate(.rejected("alice", .columnFull(column: 2))))
  }

  @Test func actionsBySomeoneNotSeated() async {
    let store = makeStore()
    await store.send(.drop("carol", column: 0))
    await store.receive(.delegate(.rejected("carol", .notSeated)))
    await store.send(.resign("carol"))
    await store.receive(.delegate(.rejected("carol", .notSeated)))
    await store.send(.requestRematch("carol"))
    await store.receive(.delegate(.rejected("carol", .notSeated)))
  }

  @Test func aDropAfterTheGameEnded() async {
    var state = ConnectFour.State(x: "alice", o: "bob")
    state.outcome = .resignation(winner: .x)
    state.turn = .o
    let store = makeStore(state)
    await store.send(.drop("bob", column: 0))
    await store.receive(.delegate(.rejected("bob", .gameOver)))
  }

  @Test func aRematchDuringAGame() async {
    let store = makeStore()
    await store.send(.requestRematch("alice"))
    await store.receive(.delegate(.rejected("alice", .gameNotOver)))
  }

  @Test func checksComeInAFixedOrder() async {
    // Off the board and out of turn: out of turn is reported first.
    let store = makeStore()
    await store.send(.drop("bob", column: 70))
    await store.receive(.delegate(.rejected("bob", .notYourTurn)))
  }

  @Test func errorsHaveCodesAndMessages() {
    let errors: [ConnectFourError] = [
      .notSeated, .gameOver, .notYourTurn, .offBoard(column: 9), .columnFull(column: 0), .gameNotOver,
    ]
    #expect(Set(errors.map(\.code)).count == errors.count)
    #expect(errors.allSatisfy { !$0.message.isEmpty })
    #expect(ConnectFourError.columnFull(column: 3).message == "The column 3 is full.")
  }
}
