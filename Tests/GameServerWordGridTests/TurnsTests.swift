import ComposableArchitecture
import GameServerGame
import GameServerWordGrid
import Testing

@MainActor
struct TurnsTests {
  func makeStore(
    dictionary: WordDictionary = .sample,
    settings: WordGrid.Settings = WordGrid.Settings()
  ) -> TestStoreOf<WordGrid> {
    TestStore(
      initialState: WordGrid.State(
        mode: .turns, players: ["alice", "bob"], puzzle: frontWallPuzzle, seed: 1, settings: settings)
    ) {
      WordGrid()
    } withDependencies: {
      $0.continuousClock = SettlingTestClock()
      $0.wordDictionary = dictionary
    }
  }

  @Test func playersTakeTurnsOnOneSharedCube() async {
    let store = makeStore()
    await store.send(.start)
    await store.send(.submitWord("bob", cab))
    await store.receive(.delegate(.rejected("bob", .notYourTurn)))
    await store.send(.submitWord("alice", cab)) {
      $0.puzzles[0].use(cab)
      $0.players[0].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[0].score = 27
      $0.turn = 1
      $0.turnsTaken = 1
    }
    // The word is gone for everyone.
    await store.send(.submitWord("bob", cab))
    await store.receive(.delegate(.rejected("bob", .alreadyPlayed("cab"))))
    await store.send(.submitWord("bob", seat)) {
      $0.puzzles[0].use(seat)
      $0.players[1].words = [FoundWord(word: "seat", score: 20, path: seat)]
      $0.players[1].score = 20
      $0.turn = 0
      $0.turnsTaken = 2
    }
    #expect(store.state.puzzles.count == 1)
  }

  @Test func theSecondRemovalEndsTheTurn() async {
    let store = makeStore()
    let a = CubeIndex(x: 2, y: 0, z: 2)
    let b = CubeIndex(x: 0, y: 2, z: 0)
    await store.send(.removeCube("alice", a)) {
      $0.puzzles[0].remove(a)
      $0.removalsThisTurn = 1
    }
    await store.send(.removeCube("alice", b)) {
      $0.puzzles[0].remove(b)
      $0.removalsThisTurn = 0
      $0.turn = 1
      $0.turnsTaken = 1
    }
  }

  @Test func theGameEndsWhenEveryonePassesInARow() async {
    let store = makeStore()
    await store.send(.pass("alice")) {
      $0.consecutivePasses = 1
      $0.turn = 1
      $0.turnsTaken = 1
    }
    await store.send(.pass("alice"))
    await store.receive(.delegate(.rejected("alice", .notYourTurn)))
    await store.send(.pass("bob")) {
      $0.consecutivePasses = 2
      $0.turn = 0
      $0.turnsTaken = 2
      $0.status = .ended(.allPassed)
    }
    await store.receive(.delegate(.ended(.allPassed)))
    #expect(store.state.winners == ["alice", "bob"])
  }

  @Test func aWordBreaksARunOfPasses() async {
    let store = makeStore()
    await store.send(.pass("alice")) {
      $0.consecutivePasses = 1
      $0.turn = 1
      $0.turnsTaken = 1
    }
    await store.send(.submitWord("bob", cab)) {
      $0.puzzles[0].use(cab)
      $0.players[1].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[1].score = 27
      $0.consecutivePasses = 0
      $0.turn = 0
      $0.turnsTaken = 2
    }
  }

  @Test func theTurnLimitEndsTheGame() async {
    let store = makeStore(settings: WordGrid.Settings(turnLimit: 2))
    await store.send(.submitWord("alice", cab)) {
      $0.puzzles[0].use(cab)
      $0.players[0].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[0].score = 27
      $0.turn = 1
      $0.turnsTaken = 1
    }
    await store.send(.submitWord("bob", seat)) {
      $0.puzzles[0].use(seat)
      $0.players[1].words = [FoundWord(word: "seat", score: 20, path: seat)]
      $0.players[1].score = 20
      $0.turn = 0
      $0.turnsTaken = 2
      $0.status = .ended(.turnLimit)
    }
    await store.receive(.delegate(.ended(.turnLimit)))
    #expect(store.state.winners == ["alice"])
  }

  @Test func theGameEndsWhenNoWordIsLeft() async {
    let store = makeStore(dictionary: WordDictionary(words: ["cab"]))
    await store.send(.submitWord("alice", cab)) {
      $0.puzzles[0].use(cab)
      $0.players[0].words = [FoundWord(word: "cab", score: 27, path: cab)]
      $0.players[0].score = 27
      $0.turn = 1
      $0.turnsTaken = 1
      $0.status = .ended(.noWordsLeft)
    }
    await store.receive(.delegate(.ended(.noWordsLeft)))
  }

  @Test func theGameEndsWhenTheCubeIsCleared() async {
    var state = WordGrid.State(mode: .turns, players: ["alice", "bob"], puzzle: frontWallPuzzle, seed: 1)
    for cube in CubeIndex.all where cube != CubeIndex(x: 2, y: 2, z: 2) { state.puzzles[0].remove(cube) }
    let store = TestStore(initialState: state) { WordGrid() }
    let corner = CubeIndex(x: 2, y: 2, z: 2)
    await store.send(.removeCube("alice", corner)) {
      $0.puzzles[0].remove(corner)
      $0.removalsThisTurn = 1
      $0.status = .ended(.cubeCleared)
    }
    await store.receive(.delegate(.ended(.cubeCleared)))
  }

  @Test func resigningEndsTheGameForTheOtherPlayer() async {
    let store = makeStore()
    // Out of turn is fine for a resignation.
    await store.send(.resign("bob")) {
      $0.status = .ended(.resigned("bob"))
    }
    await store.receive(.delegate(.ended(.resigned("bob"))))
    #expect(store.state.winners == ["alice"])
    await store.send(.pass("alice"))
    await store.receive(.delegate(.rejected("alice", .gameOver)))
  }
}
