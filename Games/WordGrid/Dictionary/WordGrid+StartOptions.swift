import GameServerGame

extension WordGrid {
  /// The word list, read when a server starts: `serve --dictionary PATH`, or Debian's.
  public static let startOptions = [
    GameStartOption(name: "dictionary", help: "A word list (default: Debian's wamerican-large).") { path in
      let words = try WordDictionary.served(from: path)
      return { $0.wordDictionary = words }
    }
  ]
}

extension WordDictionary {
  /// The fewest words a word list must have for the word grid to make puzzles.
  public static let minimumServedWords = 1_000

  /// The word list at `path` (for nil, the first of `paths` found: Debian's), refused when it
  /// is unreadable or holds too few words to make puzzles, with a line that says which.
  public static func served(
    from path: String?, searching paths: [String] = standardPaths
  ) throws(GameStartError) -> WordDictionary {
    let dictionary: WordDictionary
    do {
      dictionary = try path.map { try WordDictionary(contentsOfFile: $0) } ?? WordDictionary.load(from: paths)
    } catch {
      throw GameStartError("\(error)")
    }
    guard dictionary.count >= Self.minimumServedWords else {
      throw GameStartError(
        "The word list \(path ?? "") has \(dictionary.count) usable words (3 or more letters a to z, one a line); "
          + "at least \(Self.minimumServedWords) are needed.")
    }
    return dictionary
  }
}
