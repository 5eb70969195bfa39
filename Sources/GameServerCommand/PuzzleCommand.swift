import ArgumentParser
import GameServerSelfPlay
import GameServerWordGrid

/// `game-server puzzle --seed N [--dictionary PATH] [--json]`: a puzzle and every word on it.
struct PuzzleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "puzzle",
    abstract: "Print the word-grid puzzle for a seed and every word the solver finds on it."
  )

  @Option(help: "The puzzle's seed.")
  var seed: UInt64

  @Option(help: "A word list, one word per line (default: Debian's wamerican-large).")
  var dictionary: String?

  @Flag(help: "Print JSON.")
  var json = false

  func run() throws {
    let report = PuzzleReport(seed: self.seed, dictionary: try loadDictionary(self.dictionary))
    if self.json {
      print(try encodeJSON(report))
    } else {
      for cube in report.cubes {
        print("(\(cube.x), \(cube.y), \(cube.z))  right \(cube.right)  top \(cube.top)  left \(cube.left)")
      }
      print("\(report.words.count) words")
      for word in report.words { print("\(word.score)\t\(word.word)") }
    }
  }
}
