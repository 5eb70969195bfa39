extension Puzzle {
  /// The fewest words a generated puzzle must offer.
  public static let minimumWords = 50

  /// A random puzzle with at least `minimumWords` playable words; draws again until one has.
  ///
  /// ```swift
  /// var generator = SeededRandomNumberGenerator(seed: 42)
  /// let puzzle = Puzzle.generate(using: &generator, dictionary: .standard)
  /// ```
  public static func generate(
    using generator: inout some RandomNumberGenerator,
    dictionary: WordDictionary,
    minimumWords: Int = Puzzle.minimumWords,
    maximumAttempts: Int = 1_000
  ) -> Puzzle {
    var puzzle = Puzzle.random(using: &generator)
    for _ in 1..<maximumAttempts {
      if WordSolver.solve(puzzle, dictionary: dictionary).count >= minimumWords { break }
      puzzle = Puzzle.random(using: &generator)
    }
    return puzzle
  }
}
