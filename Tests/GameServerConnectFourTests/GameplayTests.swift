import ComposableArchitecture
import Foundation
import GameServerConnectFour
import GameServerGame
import Testing

func c(_ row: Int, _ column: Int) -> Cell { Cell(row: row, column: column) }

/// When the move clock runs out, started now: the tests' date is the epoch, and stays.
func deadline(_ state: ConnectFour.State) -> Date {
  Date(timeIntervalSince1970: 0).addingTimeInterval(state.moveTimeLimit / .seconds(1))
}

@MainActor
struct GameplayTests {
  let clock = SettlingTestClock()

  func makeStore(limit: Duration = .seconds(30)) -> TestStoreOf<ConnectFour> {
    TestStore(initialState: ConnectFour.State(x: "alice", o: "bob", moveTimeLimit: limit)) {
      ConnectFour()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
  }

  /// Drops discs in `columns` for alternating players, asserting each; the last of `columns`
  /// may end the game only through `last`.
  func play(_ store: TestStoreOf<ConnectFour>, _ columns: [Int]) async {
    for column in columns {
      let disc = store.state.turn
      let cell = store.state.board.landingCell(inColumn: column)!
      await store.send(.drop(store.state.seats[disc]!, column: column)) {
        $0.board[cell] = disc
        $0.moves.append(column)
        $0.moveNumber += 1
        $0.turn = disc.opponent
        $0.moveEndsAt = deadline($0)
      }
    }
  }

  /// Plays `opening`, then the winning `last` column, expecting `disc` to win on `cells`.
  func expectWin(_ opening: [Int], last: Int, _ disc: Disc, cells: [Cell]) async {
    let store = makeStore()
    await store.send(.start) { $0.moveEndsAt = deadline($0) }
    await play(store, opening)
    let landing = store.state.board.landingCell(inColumn: last)!
    await store.send(.drop(store.state.seats[disc]!, column: last)) {
      $0.board[landing] = disc
      $0.moves.append(last)
      $0.moveNumber += 1
      $0.turn = disc.opponent
      $0.outcome = .win(disc, cells: cells)
    }
    await store.receive(.delegate(.ended(.win(disc, cells: cells))))
    // The clock stopped with the game.
    await clock.advance(by: .seconds(60))
  }

  @Test func discsFallAndStack() async {
    let store = makeStore()
    await play(store, [3, 3, 3, 0])
    #expect(store.state.board[c(5, 3)] == .x)
    #expect(store.state.board[c(4, 3)] == .o)
    #expect(store.state.board[c(3, 3)] == .x)
    #expect(store.state.board[c(5, 0)] == .o)
    #expect(store.state.board.height(ofColumn: 3) == 3)
    // Resigning stops the move clock.
    await store.send(.resign("alice")) {
      $0.outcome = .resignation(winner: .o)
    }
    await store.receive(.delegate(.ended(.resignation(winner: .o))))
  }

  @Test func fourAcrossWins() async {
    await expectWin([0, 0, 1, 1, 2, 2], last: 3, .x, cells: [c(5, 0), c(5, 1), c(5, 2), c(5, 3)])
  }

  @Test func fourUpWins() async {
    await expectWin([0, 1, 0, 1, 0, 1], last: 0, .x, cells: [c(2, 0), c(3, 0), c(4, 0), c(5, 0)])
  }

  @Test func fourOnTheRisingDiagonalWins() async {
    await expectWin([0, 1, 1, 2, 3, 2, 2, 3, 6, 3], last: 3, .x, cells: [c(2, 3), c(3, 2), c(4, 1), c(5, 0)])
  }

  @Test func fourOnTheFallingDiagonalWins() async {
    await expectWin([6, 5, 5, 4, 3, 4, 4, 3, 0, 3], last: 3, .x, cells: [c(2, 3), c(3, 4), c(4, 5), c(5, 6)])
  }

  @Test func oWinsToo() async {
    await expectWin([0, 6, 1, 6, 0, 6, 1], last: 6, .o, cells: [c(2, 6), c(3, 6), c(4, 6), c(5, 6)])
  }

  @Test func aFullBoardWithNoFourIsADraw() async {
    let columns = [
      2, 3, 2, 3, 4, 3, 3, 2, 3, 5, 3, 5, 2, 2, 4, 2, 4, 4, 1, 4, 1,
      4, 5, 1, 1, 1, 6, 1, 6, 5, 5, 0, 5, 0, 0, 0, 6, 6, 0, 6, 0, 6,
    ]
    let store = makeStore()
    await play(store, Array(columns.dropLast()))
    await store.send(.drop("bob", column: 6)) {
      $0.board[c(0, 6)] = .o
      $0.moves.append(6)
      $0.moveNumber = 42
      $0.turn = .x
      $0.outcome = .draw
    }
    await store.receive(.delegate(.ended(.draw)))
    #expect(store.state.view(for: nil).board == ["XOOXOXO", "XOOXOXO", "OXXXOOO", "XOOOXXX", "OXXOXOX", "OXXOXOX"])
  }

  @Test func eitherPlayerMayResignAtAnyTime() async {
    let store = makeStore()
    await store.send(.start) { $0.moveEndsAt = deadline($0) }
    await play(store, [3])
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
    await play(store, [3])
    // The move restarted Bob's clock: 29 s later nothing happens, at 30 s he loses.
    await clock.advance(by: .seconds(29))
    await clock.advance(by: .seconds(1))
    await store.receive(.moveTimeExpired(moveNumber: 1)) {
      $0.outcome = .timeout(winner: .x)
    }
    await store.receive(.delegate(.ended(.timeout(winner: .x))))
  }

  @Test func theTimeLimitComesFromTheSetup() async {
    let state = ConnectFour.setup(
      GameSetup(players: ["alice", "bob"], seed: 1, limits: GameLimits(moveTimeLimit: .seconds(5))))
    let store = TestStore(initialState: state) {
      ConnectFour()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
    await store.send(.start) { $0.moveEndsAt = deadline($0) }
    await clock.advance(by: .seconds(5))
    await store.receive(.moveTimeExpired(moveNumber: 0)) {
      $0.outcome = .timeout(winner: .o)
    }
    await store.receive(.delegate(.ended(.timeout(winner: .o))))
  }

  @Test func aStaleExpiryIsIgnored() async {
    let store = makeStore()
    await play(store, [3])
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
    let store = TestStore(initialState: ConnectFour.State(x: "alice", o: "bob")) {
      ConnectFour()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = DateGenerator { now.value }
    }
    await store.send(.start) { $0.moveEndsAt = Date(timeIntervalSince1970: 130) }
    #expect(store.state.view(for: "bob").moveEndsAt == 130_000)
    now.setValue(Date(timeIntervalSince1970: 112.5))
    await store.send(.drop("alice", column: 3)) {
      $0.board[c(5, 3)] = .x
      $0.moves.append(3)
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
