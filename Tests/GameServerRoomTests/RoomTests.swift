import ComposableArchitecture
import Foundation
import GameServerDatabase
import GameServerGame
import GameServerRoom
import GameServerTicTacToe
import GameServerWire
import GameServerWordGrid
import Testing

func c(_ row: Int, _ column: Int) -> Cell { Cell(row: row, column: column) }

/// A tic-tac-toe mark, as a room's game takes it.
func mark(_ row: Int, _ column: Int) -> AnyMove { AnyMove(TicTacToe.Move.mark(c(row, column))) }

@MainActor
struct RoomTests {
  let clock = SettlingTestClock()

  func ticTacToeRoom(o: Seat = Seat(player: "bob", name: "Bob")) -> Room.State {
    Room.State(
      id: RoomID(rawValue: "room-1"),
      seats: [Seat(player: "alice", name: "Alice"), o],
      game: RoomGame(TicTacToe.self, TicTacToe.State(x: "alice", o: o.player)))
  }

  func makeStore(_ state: Room.State) -> TestStoreOf<Room> {
    TestStore(initialState: state) {
      Room()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
      $0.wordDictionary = .sample
    }
  }

  func game(_ state: Room.State) -> TicTacToe.State {
    state.game.state(of: TicTacToe.self)!
  }

  /// The series' score: games played, and alice's and bob's wins.
  func series(_ played: Int, alice: Int, bob: Int) -> RoomStatus.Series {
    RoomStatus.Series(played: played, wins: [.init(player: "alice", wins: alice), .init(player: "bob", wins: bob)])
  }

  @Test func playersMoveThroughTheGame() async {
    let store = makeStore(ticTacToeRoom())
    store.exhaustivity = .off
    await store.send(.game(.move("alice", mark(1, 1))))
    #expect(game(store.state).board[c(1, 1)] == .x)
    await store.send(.game(.move("alice", mark(0, 0))))
    await store.receive(.delegate(.rejected("alice", code: "not_your_turn", message: "It is not your turn.")))
    // A move of another game does nothing (the server answers `wrong_game` before it gets here).
    await store.send(.game(.move("bob", AnyMove(WordGrid.Move.word([])))))
    #expect(game(store.state).moveNumber == 1)
    await store.send(.game(.move("carol", mark(0, 0))))
    await store.receive(
      .delegate(.rejected("carol", code: "not_seated", message: "You do not have a seat in this game.")))
    await store.send(.event(.leave("alice")))
    await store.receive(.game(.forfeit("alice")))
    await store.receive(\.game.action)
    await store.receive(
      .delegate(
        .finished(
          GameRecord(
            room: "room-1", variant: .ticTacToe, players: ["alice", "bob"], names: ["Alice", "Bob"], bots: [],
            winners: ["bob"], moves: #"[{"row":1,"column":1}]"#))))
  }

  @Test func aBotMovesAfterItsDelay() async {
    let store = makeStore(ticTacToeRoom(o: Seat(player: "bot-1", name: "Perfect bot", bot: "perfect")))
    store.exhaustivity = .off
    await store.send(.game(.move("alice", mark(0, 0))))
    await clock.advance(by: TicTacToe.botDelay(.perfect))
    await store.receive(.botThink("bot-1"))
    await store.receive(\.game.move)
    #expect(game(store.state).moveNumber == 2)
    #expect(game(store.state).board[c(1, 1)] == .o)  // the only move that does not lose
  }

  @Test func aBotThatStartsMovesFirst() async {
    var state = ticTacToeRoom()
    state.seats[0] = Seat(player: "bot-1", name: "Bot", bot: "random")
    state.game = RoomGame(TicTacToe.self, TicTacToe.State(x: "bot-1", o: "bob"))
    let store = makeStore(state)
    store.exhaustivity = .off
    await store.send(.start)
    await clock.advance(by: TicTacToe.botDelay(.perfect))
    await store.receive(.botThink("bot-1"))
    await store.receive(\.game.move)
    #expect(game(store.state).moveNumber == 1)
    await store.send(.event(.leave("bob")))
    await store.skipReceivedActions()
  }

  @Test func aDroppedPlayerKeepsTheSeatForTheGracePeriod() async {
    let store = makeStore(ticTacToeRoom())
    #expect(store.state.status == nil)
    await store.send(.event(.disconnected("bob"))) {
      $0.seats[1].isConnected = false
      $0.seats[1].awayUntil = Date(timeIntervalSince1970: 30)
    }
    // Everyone is told who is away, and until when (Unix milliseconds).
    #expect(store.state.status == RoomStatus(away: [RoomStatus.Away(player: "bob", until: 30_000)]))
    await clock.advance(by: .seconds(29))
    await store.send(.event(.reconnected("bob"))) {
      $0.seats[1].isConnected = true
      $0.seats[1].awayUntil = nil
    }
    #expect(store.state.status == nil)
    await clock.advance(by: .seconds(60))
  }

  @Test func pastTheGracePeriodTheGameIsForfeited() async {
    let store = makeStore(ticTacToeRoom())
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.event(.disconnected("bob")))
    await clock.advance(by: .seconds(30))
    await store.receive(.event(.graceExpired("bob")))
    await store.receive(.game(.forfeit("bob")))
    #expect(game(store.state).outcome == .resignation(winner: .x))
    // The game says a resignation; the room says why: bob stayed away.
    #expect(
      store.state.status
        == RoomStatus(
          left: ["bob"], end: RoomStatus.End(reason: .forfeit, player: "bob"), series: series(1, alice: 1, bob: 0)))
    await store.receive(\.delegate.finished)
  }

  @Test func theEndSaysWhyUntilTheNextGameStarts() async {
    let store = makeStore(ticTacToeRoom())
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.game(.move("alice", AnyMove(TicTacToe.Move.resign))))
    await store.skipReceivedActions()
    #expect(
      store.state.status
        == RoomStatus(end: RoomStatus.End(reason: .resignation, player: "alice"), series: series(1, alice: 0, bob: 1)))
    await store.send(.game(.move("alice", AnyMove(TicTacToe.Move.rematch))))
    await store.send(.game(.move("bob", AnyMove(TicTacToe.Move.rematch))))
    #expect(store.state.gameNumber == 2)
    // The next game: the end goes, the series' score stays.
    #expect(store.state.status == RoomStatus(series: series(1, alice: 0, bob: 1)))
    // Game 2: bob is X. Three in a row wins.
    for (player, move) in [
      ("bob", mark(0, 0)), ("alice", mark(1, 0)), ("bob", mark(0, 1)), ("alice", mark(1, 1)), ("bob", mark(0, 2)),
    ] {
      await store.send(.game(.move(PlayerID(rawValue: player), move)))
    }
    await store.skipReceivedActions()
    #expect(store.state.status == RoomStatus(end: RoomStatus.End(reason: .win), series: series(2, alice: 0, bob: 2)))
    await store.send(.game(.move("alice", AnyMove(TicTacToe.Move.rematch))))
    await store.send(.game(.move("bob", AnyMove(TicTacToe.Move.rematch))))
    // Game 3: alice leaves during it: she loses, and everyone is told she left.
    await store.send(.event(.leave("alice")))
    await store.skipReceivedActions()
    #expect(
      store.state.status
        == RoomStatus(
          left: ["alice"], end: RoomStatus.End(reason: .left, player: "alice"), series: series(3, alice: 0, bob: 3)))
  }

  @Test func aMoveClockRunningOutEndsTheGameOnTime() async {
    let store = makeStore(ticTacToeRoom())
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.start)
    await clock.advance(by: game(store.state).moveTimeLimit)
    await store.skipReceivedActions()
    #expect(
      store.state.status
        == RoomStatus(end: RoomStatus.End(reason: .time, player: "alice"), series: series(1, alice: 0, bob: 1)))
  }

  @Test func spectatorsWatchWithoutASeat() async {
    let store = makeStore(ticTacToeRoom())
    await store.send(.spectate("carol")) { $0.spectators = ["carol"] }
    await store.send(.spectate("carol"))
    await store.send(.spectate("alice"))
    #expect(store.state.viewers == ["alice", "bob", "carol"])
    await store.send(.stopSpectating("carol")) { $0.spectators = [] }
  }

  @Test func raceBotsFindWordsOnTheClock() async throws {
    var generator = SeededRandomNumberGenerator(seed: 2)
    let puzzle = Puzzle.random(using: &generator)
    let room = Room.State(
      id: RoomID(rawValue: "room-2"),
      seats: [Seat(player: "alice", name: "Alice"), Seat(player: "bot-1", name: "Bot", bot: "hard")],
      game: RoomGame(WordGrid.self, WordGrid.State(mode: .race, players: ["alice", "bot-1"], puzzle: puzzle, seed: 2)))
    let dictionary = WordDictionary(
      words: WordSolver.solve(puzzle, dictionary: .standard).map(\.word).prefix(40) + WordDictionary.sampleWords)
    let store = TestStore(initialState: room) {
      Room()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
      $0.wordDictionary = dictionary
    }
    store.exhaustivity = .off
    await store.send(.start)
    await clock.advance(by: WordGridBot.hard.thinkingTime)
    await store.receive(.botThink("bot-1"))
    await store.receive(\.game.move)
    let game = try #require(store.state.game.state(of: WordGrid.self))
    #expect(game.players[1].words.count == 1 || game.players[1].isFinished)
    await store.send(.event(.leave("alice")))
    await clock.advance(by: .seconds(200))
    await store.skipReceivedActions()
    // Nobody left to race for: the bot forfeited, and the room says the game was abandoned.
    #expect(store.state.status?.left == ["alice"])
    #expect(store.state.status?.end == RoomStatus.End(reason: .abandoned))
    #expect(store.state.status?.series?.played == 1)
  }
}
