/// Computer players for the word grid.
///
/// - `easy` plays a random short word (3 or 4 letters), and takes its time.
/// - `hard` plays the highest-scoring word it finds, quickly.
///
/// Both use the same rules and dictionary as people. A bot removes a cube when it finds no word,
/// and passes when it cannot do that either.
///
/// ```swift
/// let move = WordGridBot.hard.move(on: puzzle, dictionary: dictionary, played: [], using: &generator)
/// ```
public enum WordGridBot: String, CaseIterable, Codable, Sendable {
  case easy
  case hard

  /// What a bot does on its turn.
  public enum Move: Equatable, Sendable {
    case word(FoundWord)
    case removeCube(CubeIndex)
    case pass
  }

  /// How long the bot takes to find a word, on the game clock.
  public var thinkingTime: Duration {
    switch self {
    case .easy: .seconds(12)
    case .hard: .seconds(4)
    }
  }

  /// The bot's next move on `puzzle`, leaving out words in `played`.
  public func move(
    on puzzle: Puzzle,
    dictionary: WordDictionary,
    played: Set<String>,
    using generator: inout some RandomNumberGenerator
  ) -> Move {
    let words = WordSolver.solve(puzzle, dictionary: dictionary, excluding: played)
    switch self {
    case .easy:
      let short = words.filter { $0.word.count <= 4 }
      if let word = (short.isEmpty ? words : short).randomElement(using: &generator) {
        return .word(word)
      }
    case .hard:
      if let best = words.first { return .word(best) }
    }
    let removable = CubeIndex.all.filter(puzzle.isRemovable)
    if let cube = removable.randomElement(using: &generator) { return .removeCube(cube) }
    return .pass
  }
}
