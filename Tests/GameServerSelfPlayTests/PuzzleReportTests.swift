import Foundation
import GameServerSelfPlay
import GameServerWordGrid
import Testing

struct PuzzleReportTests {
  static let hasLargeList = FileManager.default.fileExists(atPath: WordDictionary.standardPaths[0])

  @Test(.enabled(if: hasLargeList))
  func everyReportedWordIsValidOnTheReportedCubes() throws {
    let dictionary = try WordDictionary.load()
    let report = PuzzleReport(seed: 42, dictionary: dictionary)
    #expect(report.cubes.count == 27)
    #expect(report.words.count >= 50)
    let puzzle = report.puzzle
    for word in report.words {
      #expect(puzzle.validate(word.path, dictionary: dictionary, played: []) == .success(word))
    }
    #expect(PuzzleReport(seed: 42, dictionary: dictionary) == report)
    #expect(PuzzleReport(seed: 43, dictionary: dictionary) != report)
  }

  @Test func encodesTheDocumentedShape() throws {
    let report = PuzzleReport(seed: 7, dictionary: .sample)
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as! [String: Any]
    #expect(object["seed"] as? Int == 7)
    let cubes = object["cubes"] as! [[String: Any]]
    #expect(cubes.count == 27)
    #expect(Set(cubes[0].keys) == ["x", "y", "z", "right", "top", "left"])
    #expect(cubes.allSatisfy { ($0["top"] as? String).flatMap(Letter.init) != nil })
    let words = object["words"] as! [[String: Any]]
    for word in words {
      #expect(Set(word.keys) == ["word", "score", "path"])
      let path = word["path"] as! [[String: Any]]
      #expect(path.allSatisfy { Set($0.keys) == ["x", "y", "z", "face"] })
    }
  }
}
