/// A word the solver found: its text, score, and one path of faces that spells it.
///
/// ```swift
/// let words = WordSolver.solve(puzzle, dictionary: dictionary)
/// words.first?.score
/// ```
public struct FoundWord: Hashable, Codable, Sendable {
  public var word: String
  public var score: Int
  public var path: [FacePosition]

  public init(word: String, score: Int, path: [FacePosition]) {
    self.word = word
    self.score = score
    self.path = path
  }
}
