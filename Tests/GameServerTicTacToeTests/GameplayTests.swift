import ComposableArchitecture
import Foundation
import GameServerGame
import GameServerTicTacToe
import Testing

func c(_ row: Int, _ column: Int) -> Cell { Cell(row: row, column: column) }

/// When the move clock runs out, started now: the tests' date is the epoch, and stays.
func deadline(_ state: TicTacToe.State) -> Date {
  Date(timeIntervalSince1970: 0).addingTimeInterval(state.moveTimeLimit / .seconds(1))
}

@MainActor
struct GameplayTests {
  let clock = SettlingTestClock()

  func makeStore(limit: Duration = .seconds(30)) -> TestStoreOf<TicTacToe> {
    TestStore(initialState: TicTacToe.State(x: "alice", o: "bob", moveTimeLimit: limit)) {
      TicTacToe()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
  }

  /// Plays moves for alternating players, asserting each; returns the store.
  func play(_ store: TestStoreOf<TicTacToe>, _ cells: [Cell]) async {
    for cell in cells {
      let mark = store.state.turn
      let player = store.state.seats[mark]!
      await store.send(.move(player, cell)) {
        $0.board[cell] = mark
        $0.moves.append(cell)
        $0.moveNumber += 1
        $0.turn = mark.opponent
        $0.moveEndsAt = deadline($0)
      }
    }
  }

  @Test func xWinsOnARow() async {
    let store = makeStore()
    await store.send(.start) { $0.moveEndsAt = deadline($0) }
    await play(store, [c(0, 0), c(1, 0), c(0, 1), c(1, 1)])
    await store.send(.move("alice", c(0, 2))) {
      $0.board[c(0, 2)] = .x
      $0.moves.append(c(0, 2))
      $0.moveNumber = 5
      $0.turn = .o
      $0.outcome = .win(.x, line: Line(kind: .row(0)))
    }
    await store.receive(.delegate(.ended(.win(.x, line: Line(kind: .row(0))))))
    // The clock stopped with the game.
    await clock.advance(by: .seconds(60))
  }

  @Test func oWinsOnAColumn() async {
    let store = makeStore()
    await play(store, [c(0, 0), c(0, 1), c(2, 2), c(1, 1), c(2, 0)])
    await store.send(.move("bob", c(2, 1))) {
      $0.board[c(2, 1)] = .o
      $0.moves.append(c(2, 1))
      $0.moveNumber = 6
      $0.turn = .x
      $0.outcome = .win(.o, line: Line(kind: .column(1)))
    }
    await store.receive(.delegate(.ended(.win(.o, line: Line(kind: .column(1))))))
  }

  @Test(arguments: [
    ([c(0, 0), c(0, 1), c(1, 1), c(0, 2)], c(2, 2), Line(kind: .diagonal)),
    ([c(0, 2), c(0, 1), c(1, 1), c(0, 0)], c(2, 0), Line(kind: .antiDiagonal)),
  ])
  func winsOnADiagonal(opening: [Cell], last: Cell, line: Line) async {
    let store = makeStore()
    await play(store, opening)
    await store.send(.move("alice", last)) {
      $0.board[last] = .x
      $0.moves.append(last)
      $0.moveNumber = 5
      $0.turn = .o
      $0.outcome = .win(.x, line: line)
    }
    await store.receive(.delegate(.ended(.win(.x, line: line))))
  }

  @Test func aFullBoardWithNoLineIsADraw() async {
    let store = makeStore()
    // X O X / X O O / O X X
    await play(store, [c(0, 0), c(0, 1), c(0, 2), c(1, 1), c(1, 0), c(1, 2), c(2, 1), c(2, 0)])
    await store.send(.move("alice", c(2, 2))) {
      $0.board[c(2, 2)] = .x
      $0.moves.append(c(2, 2))
      $0.moveNumber = 9
      $0.turn = .o
      $0.outcome = .draw
    }
    await store.receive(.delegate(.ended(.draw)))
  }

  @Test func eitherPlayerMayResignAtAnyTime() async {
    let store = makeStore()
    await store.send(.start) { $0.moveEndsAt = deadline($0) }
    await play(store, [c(1, 1)])
    // Alice resigns on Bob's turn.
    await store.send(.resign("alice")) {
      $0.outcome = .resignation(winner: .o)
    }
    await store.receive(.delegate(.ended(.resignation(winner: .o))))
    await store.send(.resign("bob"))
    await store.receive(.delegate(.rejected("bob", .gameOver)))
  }

  @Test func runningOutOfTimeLoses() async {
    let store = makeStore()
    await store.send(.start) { $0.moveEndsAt = deadline($0) }
    await clock.advance(by: .seconds(29))
    await play(store, [c(1, 1)])
    // The move restarted Bob's clock: 29 s later nothing happens, at 30 s he loses.
    await clock.advance(by: .seconds(29))
    await clock.advance(by: .seconds(1))
    await store.receive(.moveTimeExpired(moveNumber: 1)) {
      $0.outcome = .timeout(winner: .x)
    }
    await store.receive(.delegate(.ended(.timeout(winner: .x))))
  }

  @Test func theTimeLimitIsConfigurable() async {
    let store = makeStore(limit: .seconds(5))
    await store.send(.start) { $0.moveEndsAt = deadline($0) }
    await clock.advance(by: .seconds(5))
    await store.receive(.moveTimeExpired(moveNumber: 0)) {
      $0.outcome = .timeout(winner: .o)
    }
    await store.receive(.delegate(.ended(.timeout(winner: .o))))
  }

  @Test func aStaleExpiryIsIgnored() async {
    let store = makeStore()
    await play(store, [c(1, 1)])
    await store.send(.moveTimeExpired(moveNumber: 0))
    await clock.run()
    await store.receive(.moveTimeExpired(moveNumber: 1)) {
      $0.outcome = .timeout(winner: .x)
    }
    await store.receive(.delegate(.ended(.timeout(winner: .x))))
    await store.send(.moveTimeExpired(moveNumber: 1))
  }

  @Test func eachMoveStartsAFreshDeadlineThatTheViewShows() async {
    let now = LockIsolated(Date(timeIntervalSince1970: 100))
    let store = TestStore(initialState: TicTacToe.State(x: "alice", o: "bob")) {
      TicTacToe()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = DateGenerator { now.value }
    }
    await store.send(.start) { $0.moveEndsAt = Date(timeIntervalSince1970: 130) }
    #expect(store.state.view(for: "bob").moveEndsAt == 130_000)
    now.setValue(Date(timeIntervalSince1970: 112.5))
    await store.send(.move("alice", c(1, 1))) {
      $0.board[c(1, 1)] = .x
      $0.moves.append(c(1, 1))
      $0.moveNumber = 1
      $0.turn = .o
      $0.moveEndsAt = Date(timeIntervalSince1970: 142.5)
    }
    #expect(store.state.view(for: nil).moveEndsAt == 142_500)
    await store.send(.resign("bob")) { $0.outcome = .resignation(winner: .x) }
    await store.receive(.delegate(.ended(.resignation(winner: .x))))
    // No clock runs once the game is over.
    #expect(store.state.view(for: "alice").moveEndsAt == nil)
  }
}
