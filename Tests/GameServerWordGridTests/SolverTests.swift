import Foundation
import GameServerGame
import GameServerWordGrid
import Testing

struct SolverTests {
  @Test func findsTheWordsOnTheFrontWall() {
    let words = WordSolver.solve(frontWallPuzzle, dictionary: .sample)
    let found = Set(words.map(\.word))
    #expect(found == Set(WordDictionary.sampleWords.filter { naivePath(for: $0, on: frontWallPuzzle) != nil }))
    for word in ["cab", "cat", "cats", "bat", "bats", "seat", "rest", "aces", "tens"] {
      #expect(found.contains(word), "\(word)")
    }
    #expect(!found.contains("ant"))
    #expect(words.map(\.score) == words.map(\.score).sorted(by: >))
  }

  @Test func leavesOutPlayedWords() {
    let words = WordSolver.solve(frontWallPuzzle, dictionary: .sample, excluding: ["cab", "cat"])
    #expect(!words.contains { $0.word == "cab" || $0.word == "cat" })
    #expect(words.contains { $0.word == "cats" })
  }

  @Test func hasWordAgreesWithSolve() {
    #expect(WordSolver.hasWord(frontWallPuzzle, dictionary: .sample))
    let all = Set(WordSolver.solve(frontWallPuzzle, dictionary: .sample).map(\.word))
    #expect(!WordSolver.hasWord(frontWallPuzzle, dictionary: .sample, excluding: all))
    #expect(!WordSolver.hasWord(makePuzzle([:]), dictionary: .sample))
  }

  @Test func readsAQUFaceAsTwoLetters() {
    let puzzle = makePuzzle([top(0, 0): "QU", top(1, 0): "E", top(2, 1): "E", top(2, 2): "N"])
    let words = WordSolver.solve(puzzle, dictionary: .sample)
    #expect(words == [FoundWord(word: "queen", score: 170, path: [top(0, 0), top(1, 0), top(2, 1), top(2, 2)])])
  }

  /// The solver against a slow independent search, on random puzzles with dictionaries built from
  /// random walks (words that exist) and random strings (that mostly do not).
  @Test(arguments: 0..<20)
  func agreesWithABruteForceSearch(seed: UInt64) {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var puzzle = Puzzle.random(using: &generator)
    for _ in 0..<Int.random(in: 0...6, using: &generator) {
      puzzle.remove(CubeIndex.all.filter(puzzle.isRemovable).randomElement(using: &generator)!)
    }
    var words = Set<String>()
    let playable = Array(puzzle.playableFaces)
    for _ in 0..<150 {
      var path = [playable.randomElement(using: &generator)!]
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        let next = playable.filter { CubeGeometry.touches(path.last!, $0) && !path.contains($0) }
        guard let face = next.randomElement(using: &generator) else { break }
        path.append(face)
      }
      words.insert(puzzle.word(along: path))
      let random = (0..<Int.random(in: 3...5, using: &generator)).map { _ in
        String(UnicodeScalar(UInt8.random(in: 97...122, using: &generator)))
      }
      words.insert(random.joined())
    }
    let dictionary = WordDictionary(words: words)
    let solved = WordSolver.solve(puzzle, dictionary: dictionary)
    let expected = Set(words.filter { $0.count >= 3 && naivePath(for: $0, on: puzzle) != nil })
    #expect(Set(solved.map(\.word)) == expected)
    #expect(solved.count == Set(solved.map(\.word)).count)
    for word in solved {
      #expect(puzzle.validate(word.path, dictionary: dictionary, played: []) == .success(word))
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: WordDictionary.standardPaths[0])))
  func generatedPuzzlesOfferAtLeastFiftyValidWords() throws {
    let dictionary = try WordDictionary.load()
    for seed: UInt64 in 1...5 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      let puzzle = Puzzle.generate(using: &generator, dictionary: dictionary)
      let words = WordSolver.solve(puzzle, dictionary: dictionary)
      #expect(words.count >= Puzzle.minimumWords)
      for word in words {
        #expect(puzzle.validate(word.path, dictionary: dictionary, played: []) == .success(word))
      }
    }
  }
}

/// A path that spells `word` on the puzzle's playable faces, found by trying every path.
func naivePath(for word: String, on puzzle: Puzzle) -> [FacePosition]? {
  let playable = FacePosition.all.filter(puzzle.isPlayable)
  func extend(_ path: [FacePosition], _ rest: Substring) -> [FacePosition]? {
    if rest.isEmpty { return path }
    for face in playable where !path.contains(face) {
      if let last = path.last, !CubeGeometry.touches(last, face) { continue }
      let text = puzzle[face].lowercased
      if rest.hasPrefix(text), let found = extend(path + [face], rest.dropFirst(text.count)) {
        return found
      }
    }
    return nil
  }
  return extend([], word[...])
}
