import Foundation
import ComposableArchitecture
import GameServerDatabase
import GameServerGameCore
import GameServerRoom
import GameServerModels
import Testing
import GameServerTicTacToe
import GameServerWordGrid

func c(_ row: Int, _ column: Int) -> Cell { Cell(row: row, column: column) }

@MainActor
struct RoomTests {
  let clock = TestClock()

  func ticTacToeRoom(o: Seat = Seat(player: "bob", name: "Bob")) -> Room.State {
    Room.State(
      id: RoomID(rawValue: "room-1"), variant: .ticTacToe,
      seats: [Seat(player: "alice", name: "Alice"), o],
      game: .ticTacToe(TicTacToe.State(x: "alice", o: o.player)))
  }

  func makeStore(_ state: Room.State) -> TestStoreOf<Room> {
    TestStore(initialState: state) {
      Room()
    } withDependencies: {
      $0.continuousClock = clock
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
      $0.wordDictionary = .sample
    }
  }

  func game(_ state: Room.State) -> TicTacToe.State {
    guard case let .ticTacToe(game) = state.game else { fatalError() }
    return game
  }

  @Test func playersMoveThroughEvents() async {
    let store = makeStore(ticTacToeRoom())
    store.exhaustivity = .off
    await store.send(.event(.play("alice", .mark(c(1, 1)))))
    #expect(game(store.state).board[c(1, 1)] == .x)
    await store.send(.event(.play("alice", .mark(c(0, 0)))))
    await store.receive(.delegate(.rejected("alice", code: "not_your_turn", message: "It is not your turn.")))
    await store.send(.event(.play("bob", .word([]))))
    await store.receive(.delegate(.rejected("bob", code: "wrong_game", message: "That move is not part of tictactoe.")))
    await store.send(.event(.play("carol", .mark(c(0, 0)))))
    await store.receive(.delegate(.rejected("carol", code: "not_seated", message: "You do not have a seat in this room.")))
    await store.send(.event(.leave("alice")))
    await store.receive(\.ticTacToe.delegate.ended)
    await store.receive(.delegate(.finished(GameRecord(
      room: "room-1", variant: .ticTacToe, players: ["alice", "bob"], names: ["Alice", "Bob"], bots: [], winners: ["bob"], moves: #"[{"row":1,"column":1}]"#))))
  }

  @Test func aBotMovesAfterItsDelay() async {
    let store = makeStore(ticTacToeRoom(o: Seat(player: "bot-1", name: "Perfect bot", bot: .ticTacToe(.perfect))))
    store.exhaustivity = .off
    await store.send(.event(.play("alice", .mark(c(0, 0)))))
    await clock.advance(by: Room.ticTacToeBotDelay)
    await store.receive(.botThink("bot-1"))
    await store.receive(\.event)
    #expect(game(store.state).moveNumber == 2)
    #expect(game(store.state).board[c(1, 1)] == .o)  // the only move that does not lose
  }

  @Test func aBotThatStartsMovesFirst() async {
    var state = ticTacToeRoom()
    state.seats[0] = Seat(player: "bot-1", name: "Bot", bot: .ticTacToe(.random))
    state.game = .ticTacToe(TicTacToe.State(x: "bot-1", o: "bob"))
    let store = makeStore(state)
    store.exhaustivity = .off
    await store.send(.start)
    await clock.advance(by: Room.ticTacToeBotDelay)
    await store.receive(.botThink("bot-1"))
    await store.receive(\.event)
    #expect(game(store.state).moveNumber == 1)
    await store.send(.event(.leave("bob")))
    await store.skipReceivedActions()
  }

  @Test func aDroppedPlayerKeepsTheSeatForTheGracePeriod() async {
    let store = makeStore(ticTacToeRoom())
    await store.send(.event(.disconnected("bob"))) {
      $0.seats[1].isConnected = false
    }
    await clock.advance(by: .seconds(29))
    await store.send(.event(.reconnected("bob"))) {
      $0.seats[1].isConnected = true
    }
    await clock.advance(by: .seconds(60))
  }

  @Test func pastTheGracePeriodTheGameIsForfeited() async {
    let store = makeStore(ticTacToeRoom())
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.event(.disconnected("bob")))
    await clock.advance(by: .seconds(30))
    await store.receive(.event(.graceExpired("bob")))
    #expect(game(store.state).outcome == .resignation(winner: .x))
    await store.receive(\.delegate.finished)
  }

  @Test func spectatorsWatchWithoutASeat() async {
    let store = makeStore(ticTacToeRoom())
    await store.send(.spectate("carol")) { $0.spectators = ["carol"] }
    await store.send(.spectate("carol"))
    await store.send(.spectate("alice"))
    #expect(store.state.viewers == ["alice", "bob", "carol"])
    await store.send(.stopSpectating("carol")) { $0.spectators = [] }
  }

  @Test func raceBotsFindWordsOnTheClock() async {
    var generator = SeededRandomNumberGenerator(seed: 2)
    let puzzle = Puzzle.random(using: &generator)
    let room = Room.State(
      id: RoomID(rawValue: "room-2"), variant: .wordGridRace,
      seats: [Seat(player: "alice", name: "Alice"), Seat(player: "bot-1", name: "Bot", bot: .wordGrid(.hard))],
      game: .wordGrid(WordGrid.State(mode: .race, players: ["alice", "bot-1"], puzzle: puzzle, seed: 2)))
    let dictionary = WordDictionary(words: WordSolver.solve(puzzle, dictionary: .standard).map(\.word).prefix(40) + WordDictionary.sampleWords)
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
    await store.receive(\.event)
    guard case let .wordGrid(game) = store.state.game else { return }
    #expect(game.players[1].words.count == 1 || game.players[1].isFinished)
    await store.send(.event(.leave("alice")))
    await clock.advance(by: .seconds(200))
    await store.skipReceivedActions()
  }
}
