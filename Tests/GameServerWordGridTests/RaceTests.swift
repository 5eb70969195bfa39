import ComposableArchitecture
import Foundation
import GameServerGame
import GameServerWordGrid
import Testing

@MainActor
struct RaceTests {
  let clock = SettlingTestClock()

  func makeStore(players: [PlayerID] = ["alice", "bob"]) -> TestStoreOf<WordGrid> {
    TestStore(
      initialState: WordGrid.State(mode: .race, players: players, puzzle: frontWallPuzzle, seed: 1)
    ) {
      WordGrid()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 1_000))
      $0.wordDictionary = .sample
    }
  }

  @Test func playersRaceOnTheirOwnCopyUntilTheClockRunsOut() async {
    let store = makeStore()
    // The race's end, by the wall clock: what a player who comes back is shown.
    await store.send(.start) { $0.raceEndsAt = Date(timeIntervalSince1970: 1_180) }
    #expect(store.state.view(for: "alice").raceEndsAt == 1_180_000)
    #expect(store.state.view(for: nil).raceEndsAt == 1_180_000)
    await store.send(.submitWord("alice", cab)) {
      $0.puzzles[0].use(cab)
      $0.players[0].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[0].score = 27
    }
    // Bob may play the same word: his puzzle and his words are his own.
    await store.send(.submitWord("bob", cab)) {
      $0.puzzles[1].use(cab)
      $0.players[1].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[1].score = 27
    }
    await store.send(.submitWord("bob", seat)) {
      $0.puzzles[1].use(seat)
      $0.players[1].words.append(FoundWord(word: "seat", score: 20, path: seat))
      $0.players[1].score = 47
    }
    await clock.advance(by: .seconds(179))
    await clock.advance(by: .seconds(1))
    await store.receive(.timeUp) {
      $0.status = .ended(.timeUp)
    }
    await store.receive(.delegate(.ended(.timeUp)))
    #expect(store.state.winners == ["bob"])
  }

  @Test func aWordCannotBePlayedTwiceByOnePlayer() async {
    let store = makeStore()
    await store.send(.submitWord("alice", cab)) {
      $0.puzzles[0].use(cab)
      $0.players[0].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[0].score = 27
    }
    let otherCab = [front(2, 0), front(2, 1), front(1, 0)]
    await store.send(.submitWord("alice", otherCab))
    await store.receive(.delegate(.rejected("alice", .alreadyPlayed("cab"))))
  }

  @Test func everyRejectionLeavesTheStateAlone() async {
    let store = makeStore()
    let hidden = FacePosition(x: 0, y: 0, z: 0, side: .top)
    let off = FacePosition(x: -1, y: 0, z: 0, side: .left)
    let cases: [(WordGrid.Action, PlayerID, WordGridError)] = [
      (.submitWord("carol", cab), "carol", .notAPlayer),
      (.submitWord("alice", [front(2, 0), front(2, 1)]), "alice", .tooShort),
      (.submitWord("alice", [hidden, front(2, 1), front(1, 0)]), "alice", .faceNotPlayable(hidden)),
      (.submitWord("alice", [off]), "alice", .faceOffCube(off)),
      (.submitWord("alice", [front(2, 0), front(2, 0), front(1, 0)]), "alice", .faceRepeated(front(2, 0))),
      (
        .submitWord("alice", [front(2, 0), front(2, 2), front(1, 2)]), "alice",
        .facesNotTouching(front(2, 0), front(2, 2))
      ),
      (.submitWord("alice", [front(1, 0), front(2, 1), front(2, 0)]), "alice", .notInDictionary("bac")),
      (.removeCube("alice", CubeIndex(x: 0, y: 0, z: 0)), "alice", .cubeNotRemovable(CubeIndex(x: 0, y: 0, z: 0))),
      (.removeCube("alice", CubeIndex(x: 9, y: 0, z: 0)), "alice", .cubeNotRemovable(CubeIndex(x: 9, y: 0, z: 0))),
      (.pass("alice"), "alice", .passOnlyInTurns),
      (.resign("carol"), "carol", .notAPlayer),
    ]
    for (action, player, error) in cases {
      await store.send(action)
      await store.receive(.delegate(.rejected(player, error)))
    }
  }

  @Test func aPlayerMayRemoveAVisibleCube() async {
    let store = makeStore()
    let corner = CubeIndex(x: 2, y: 2, z: 2)
    await store.send(.removeCube("bob", corner)) {
      $0.puzzles[1].remove(corner)
    }
  }

  @Test func cubesUsedThreeTimesAreRemoved() async {
    let store = makeStore()
    // The A at (2, 2, 1) is in cab, cat and seat.
    await store.send(.submitWord("alice", cab)) {
      $0.puzzles[0].use(cab)
      $0.players[0].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[0].score = 27
    }
    await store.send(.submitWord("alice", cat)) {
      $0.puzzles[0].use(cat)
      $0.players[0].words.append(FoundWord(word: "cat", score: 21, path: cat))
      $0.players[0].score = 48
    }
    await store.send(.submitWord("alice", seat)) {
      $0.puzzles[0].use(seat)
      $0.puzzles[0].inPlay.remove(CubeIndex(x: 2, y: 2, z: 1))
      $0.players[0].words.append(FoundWord(word: "seat", score: 20, path: seat))
      $0.players[0].score = 68
    }
    #expect(!store.state.puzzles[0].isPlayable(front(2, 1)))
    // A word through the removed A is now rejected.
    let bat = [front(1, 0), front(2, 1), front(2, 2)]
    await store.send(.submitWord("alice", bat))
    await store.receive(.delegate(.rejected("alice", .faceNotPlayable(front(2, 1)))))
  }

  @Test func resigningRacersFinishAndTheLastOneEndsTheRace() async {
    let store = makeStore()
    await store.send(.start) { $0.raceEndsAt = Date(timeIntervalSince1970: 1_180) }
    await store.send(.resign("alice")) {
      $0.players[0].isFinished = true
    }
    await store.send(.submitWord("alice", cab))
    await store.receive(.delegate(.rejected("alice", .playerFinished)))
    await store.send(.resign("bob")) {
      $0.players[1].isFinished = true
      $0.status = .ended(.allFinished)
    }
    await store.receive(.delegate(.ended(.allFinished)))
    await store.send(.submitWord("bob", cab))
    await store.receive(.delegate(.rejected("bob", .gameOver)))
    // The race clock was cancelled: advancing it sends nothing.
    await clock.advance(by: .seconds(200))
  }

  @Test func aRacerWithNoWordLeftIsFinished() async {
    let dictionary = WordDictionary(words: ["cab"])
    let store = TestStore(
      initialState: WordGrid.State(mode: .race, players: ["alice"], puzzle: frontWallPuzzle, seed: 1)
    ) {
      WordGrid()
    } withDependencies: {
      $0.continuousClock = clock
      $0.wordDictionary = dictionary
    }
    await store.send(.submitWord("alice", cab)) {
      $0.puzzles[0].use(cab)
      $0.players[0].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[0].score = 27
      $0.players[0].isFinished = true
      $0.status = .ended(.allFinished)
    }
    await store.receive(.delegate(.ended(.allFinished)))
  }

  @Test func theClockIsConfigurable() async {
    let store = TestStore(
      initialState: WordGrid.State(
        mode: .race, players: ["alice"], puzzle: frontWallPuzzle, seed: 1,
        settings: WordGrid.Settings(raceDuration: .seconds(60)))
    ) {
      WordGrid()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 1_000))
    }
    await store.send(.start) { $0.raceEndsAt = Date(timeIntervalSince1970: 1_060) }
    await clock.advance(by: .seconds(60))
    await store.receive(.timeUp) { $0.status = .ended(.timeUp) }
    await store.receive(.delegate(.ended(.timeUp)))
  }
}
