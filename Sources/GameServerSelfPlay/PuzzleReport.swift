import GameServerGame
import GameServerWordGrid

/// A fresh word-grid puzzle and every word the solver finds on it: what `game-server puzzle`
/// prints.
///
/// ```swift
/// let report = PuzzleReport(seed: 42, dictionary: .standard)
/// report.words.count  // at least 50
/// ```
public struct PuzzleReport: Codable, Equatable, Sendable {
  public var seed: UInt64
  public var cubes: [Cube]
  public var words: [FoundWord]

  /// One cube and its three letters.
  public struct Cube: Codable, Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var z: Int
    public var right: Letter
    public var top: Letter
    public var left: Letter
  }

  /// Generates the puzzle for `seed` (drawn again until it offers at least 50 words) and solves it.
  public init(seed: UInt64, dictionary: WordDictionary) {
    var generator = SeededRandomNumberGenerator(seed: seed)
    let puzzle = Puzzle.generate(using: &generator, dictionary: dictionary)
    self.seed = seed
    self.cubes = CubeIndex.all.map { cube in
      let letters = puzzle[cube]
      return Cube(x: cube.x, y: cube.y, z: cube.z, right: letters.right, top: letters.top, left: letters.left)
    }
    self.words = WordSolver.solve(puzzle, dictionary: dictionary)
  }

  /// The puzzle the cubes describe.
  public var puzzle: Puzzle {
    Puzzle(
      cubes: self.cubes.map { cube in
        (
          CubeIndex(x: cube.x, y: cube.y, z: cube.z),
          Puzzle.CubeLetters(right: cube.right, top: cube.top, left: cube.left)
        )
      })
  }
}
