import GameServerGame
import Testing

@testable import GameServerWordGrid

struct BotTests {
  @Test func theHardBotPlaysTheBestWord() {
    var generator = SeededRandomNumberGenerator(seed: 1)
    let move = WordGridBot.hard.move(on: frontWallPuzzle, dictionary: .sample, played: [], using: &generator)
    let best = WordSolver.solve(frontWallPuzzle, dictionary: .sample).first!
    #expect(move == .word(best))
  }

  @Test func theEasyBotPlaysShortWords() {
    for seed: UInt64 in 0..<20 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      let move = WordGridBot.easy.move(on: frontWallPuzzle, dictionary: .sample, played: [], using: &generator)
      guard case let .word(word) = move else {
        Issue.record("Expected a word, got \(move)")
        return
      }
      #expect(word.word.count <= 4)
    }
    #expect(WordGridBot.easy.thinkingTime > WordGridBot.hard.thinkingTime)
  }

  @Test func botsRemoveACubeWhenNoWordIsLeft() {
    var generator = SeededRandomNumberGenerator(seed: 1)
    let move = WordGridBot.hard.move(on: makePuzzle([:]), dictionary: .sample, played: [], using: &generator)
    guard case let .removeCube(cube) = move else {
      Issue.record("Expected a removal, got \(move)")
      return
    }
    #expect(makePuzzle([:]).isRemovable(cube))
  }

  /// Bots play random games to the end; no rule may break on the way.
  @Test(arguments: [WordGrid.Mode.race, .turns], [WordGridBot.easy, .hard])
  func randomPlayKeepsTheInvariants(mode: WordGrid.Mode, bot: WordGridBot) {
    for seed: UInt64 in 0..<10 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      let dictionary = WordDictionary(words: WordDictionary.sampleWords + ["tea", "era", "ear"])
      var state = WordGrid.State(
        mode: mode, players: ["a", "b"], puzzle: Puzzle.random(using: &generator), seed: seed)
      var moves = 0
      while state.status == .playing, moves < 500 {
        let index = mode == .turns ? state.turn : moves % 2
        let player = state.players[index]
        if player.isFinished {
          moves += 1
          continue
        }
        let puzzle = state.puzzles[state.puzzleIndex(forPlayerAt: index)]
        do {
          switch bot.move(
            on: puzzle, dictionary: dictionary, played: state.playedWords(forPlayerAt: index), using: &generator)
          {
          case let .word(word): try state.submitWord(word.path, by: player.id, dictionary: dictionary)
          case let .removeCube(cube): try state.removeCube(cube, by: player.id, dictionary: dictionary)
          case .pass:
            if mode == .turns {
              try state.pass(by: player.id, dictionary: dictionary)
            } else {
              try state.resign(player.id)
            }
          }
        } catch {
          Issue.record("A bot's move was rejected: \(error.message)")
        }
        moves += 1
        checkInvariants(state, dictionary: dictionary)
      }
      #expect(state.status != .playing, "seed \(seed) did not finish")
    }
  }

  func checkInvariants(_ state: WordGrid.State, dictionary: WordDictionary) {
    for player in state.players {
      #expect(player.score == player.words.reduce(0) { $0 + $1.score })
      #expect(player.words.allSatisfy { dictionary.contains($0.word) && $0.word.count >= 3 })
    }
    let groups = state.mode == .race ? state.players.map { [$0] } : [state.players]
    for group in groups {
      let words = group.flatMap(\.words).map(\.word)
      #expect(Set(words).count == words.count)
    }
    for (offset, puzzle) in state.puzzles.enumerated() {
      let players = state.mode == .race ? [state.players[offset]] : state.players
      let uses = players.flatMap(\.words).flatMap(\.path).reduce(into: [Int](repeating: 0, count: 27)) {
        $0[$1.cube.index] += 1
      }
      #expect(puzzle.useCounts == uses)
      for cube in CubeIndex.all where uses[cube.index] >= Puzzle.usesPerCube {
        #expect(!puzzle.inPlay.contains(cube))
      }
    }
  }
}
