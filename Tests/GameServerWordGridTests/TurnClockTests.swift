import ComposableArchitecture
import Foundation
import GameServerGame
import GameServerWordGrid
import Testing

/// The turns mode's turn clock: each turn has `turnTimeLimit`; a turn not taken in time passes,
/// and the next turn's clock starts in full.
@MainActor
struct TurnClockTests {
  let clock = SettlingTestClock()

  func makeStore() -> TestStoreOf<WordGrid> {
    TestStore(
      initialState: WordGrid.State(
        mode: .turns, players: ["alice", "bob"], puzzle: frontWallPuzzle, seed: 1,
        settings: WordGrid.Settings(turnTimeLimit: .seconds(60)))
    ) {
      WordGrid()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 1_000))
      $0.wordDictionary = .sample
    }
  }

  /// Alice lets her turn run out: she passes, and Bob's turn gets a full minute; Bob plays a word
  /// in time, and Alice's next turn starts its own minute. Both running out ends the game.
  @Test func aTurnNotTakenInTimePasses() async {
    let store = makeStore()
    await store.send(.start) { $0.turnEndsAt = Date(timeIntervalSince1970: 1_060) }
    #expect(store.state.view(for: "bob").turnEndsAt == 1_060_000)
    await clock.advance(by: .seconds(59))
    await clock.advance(by: .seconds(1))
    await store.receive(.turnTimeUp(turn: 0)) {
      $0.consecutivePasses = 1
      $0.turn = 1
      $0.turnsTaken = 1
    }
    await clock.advance(by: .seconds(30))
    await store.send(.submitWord("bob", cab)) {
      $0.puzzles[0].use(cab)
      $0.players[1].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[1].score = 27
      $0.consecutivePasses = 0
      $0.turn = 0
      $0.turnsTaken = 2
    }
    // NB: Bob's clock went with his turn: 30 s after his word, nothing; Alice has her full minute.
    await clock.advance(by: .seconds(30))
    await clock.advance(by: .seconds(30))
    await store.receive(.turnTimeUp(turn: 2)) {
      $0.consecutivePasses = 1
      $0.turn = 1
      $0.turnsTaken = 3
    }
    await clock.advance(by: .seconds(60))
    await store.receive(.turnTimeUp(turn: 3)) {
      $0.consecutivePasses = 2
      $0.turn = 0
      $0.turnsTaken = 4
      $0.status = .ended(.allPassed)
      $0.turnEndsAt = nil
    }
    await store.receive(.delegate(.ended(.allPassed)))
    #expect(store.state.view(for: "alice").turnEndsAt == nil)
    await clock.advance(by: .seconds(600))
  }

  /// A clock of a turn already taken (its expiry on its way as the turn ended) does nothing.
  @Test func aStaleTurnClockDoesNothing() async {
    let store = makeStore()
    await store.send(.pass("alice")) {
      $0.consecutivePasses = 1
      $0.turn = 1
      $0.turnsTaken = 1
      $0.turnEndsAt = Date(timeIntervalSince1970: 1_060)
    }
    await store.send(.turnTimeUp(turn: 0))
    await store.send(.resign("bob")) {
      $0.status = .ended(.resigned("bob"))
      $0.turnEndsAt = nil
    }
    await store.receive(.delegate(.ended(.resigned("bob"))))
  }

  /// Without a turn time limit (games begun before turns had one), turns have no clock.
  @Test func noLimitNoClock() async {
    let store = TestStore(
      initialState: WordGrid.State(mode: .turns, players: ["alice", "bob"], puzzle: frontWallPuzzle, seed: 1)
    ) {
      WordGrid()
    } withDependencies: {
      $0.continuousClock = clock
      $0.wordDictionary = .sample
    }
    await store.send(.start)
    #expect(store.state.view(for: "alice").turnEndsAt == nil)
  }

  /// The turn clock's expiry is the game's clock event, logged and read back as the same action.
  @Test func theTurnClockIsAClockEvent() throws {
    let event = try #require(WordGrid.clockEvent(of: .turnTimeUp(turn: 7)))
    #expect(event == .turnTimeUp(turn: 7))
    #expect(WordGrid.action(for: event) == .turnTimeUp(turn: 7))
    let coded = try JSONDecoder().decode(WordGrid.ClockEvent.self, from: JSONEncoder().encode(event))
    #expect(coded == event)
  }
}
