import Foundation
import GameServerGame
import GameServerWordGrid
import Testing

struct ScoringTests {
  @Test(arguments: [("cab", 27), ("cubes", 110), ("queen", 170), ("removes", 420), ("ace", 18)])
  func scoresOfWords(word: String, score: Int) {
    #expect(Scoring.score(word) == score)
  }

  /// The browser client previews a traced word's score with its own table of letter values:
  /// the game's, read from the client's script.
  @Test func theBrowserClientScoresLettersAsTheGameDoes() throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/GameServerMain/Public/games/wordgrid.js")
    let text = try String(contentsOf: script, encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.contains("const LETTER_VALUES = [") })
    let list = try #require(line.split(separator: "[").last?.split(separator: "]").first)
    let values = list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    #expect(values == Scoring.letterValues)
  }

  @Test func aQUFaceCountsBothLettersAndTwoLength() {
    let letters = ["QU", "E", "E", "N"].map { Letter($0)! }
    #expect(Scoring.score(letters) == 170)
    #expect(Letter("QU")!.value == 13)
    #expect(Letter("QU")!.length == 2)
  }

  @Test func lettersParseAndPrint() {
    #expect(Letter("a")?.text == "A")
    #expect(Letter("qu")?.text == "QU")
    #expect(Letter("Q") != nil)
    #expect(Letter("AB") == nil)
    #expect(Letter("1") == nil)
    #expect(Letter("") == nil)
  }

  @Test func letterTableWeights() {
    let weights = Dictionary(uniqueKeysWithValues: LetterTable.weights.map { ($0.letter.text, $0.weight) })
    #expect(weights.count == 26)
    #expect(weights["E"] == 24)
    #expect(weights["A"] == 16)
    #expect(weights["QU"] == 2)
    #expect(weights["Q"] == nil)
    #expect(LetterTable.totalWeight == 209)
  }

  @Test func drawsFollowTheTable() {
    var generator = SeededRandomNumberGenerator(seed: 3)
    var counts: [String: Int] = [:]
    let draws = 209_000
    for _ in 0..<draws { counts[LetterTable.draw(using: &generator).text, default: 0] += 1 }
    for (letter, weight) in LetterTable.weights {
      let expected = Double(weight) * 1_000
      #expect(abs(Double(counts[letter.text] ?? 0) - expected) < expected * 0.1 + 100)
    }
  }

  @Test func generationIsDeterministicFromTheSeed() {
    var a = SeededRandomNumberGenerator(seed: 11)
    var b = SeededRandomNumberGenerator(seed: 11)
    var c = SeededRandomNumberGenerator(seed: 12)
    let first = Puzzle.random(using: &a)
    #expect(first == Puzzle.random(using: &b))
    #expect(first != Puzzle.random(using: &c))
  }

  @Test func usingAPathWearsCubesDown() {
    var puzzle = frontWallPuzzle
    let removed = puzzle.use(cab)
    #expect(removed.isEmpty)
    #expect(puzzle.useCounts[front(2, 0).cube.index] == 1)
    // Two faces of one cube in one word count twice.
    let cube = CubeIndex(x: 2, y: 2, z: 2)
    let twice = puzzle.use([FacePosition(cube: cube, side: .right), FacePosition(cube: cube, side: .top)])
    #expect(twice.isEmpty)
    #expect(puzzle.use([FacePosition(cube: cube, side: .left)]) == [cube])
    #expect(!puzzle.inPlay.contains(cube))
  }
}
