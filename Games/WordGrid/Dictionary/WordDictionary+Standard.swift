import Foundation

extension WordDictionary {
  /// Where Debian puts the word lists, best first: wamerican-large, then wamerican.
  public static let standardPaths = [
    "/usr/share/dict/american-english-large",
    "/usr/share/dict/american-english",
    "/usr/share/dict/words",
  ]

  /// Loads the first word list found in `paths`.
  ///
  /// ```swift
  /// let dictionary = try WordDictionary.load()
  /// ```
  public static func load(from paths: [String] = standardPaths) throws -> WordDictionary {
    for path in paths where FileManager.default.isReadableFile(atPath: path) {
      return try WordDictionary(contentsOfFile: path)
    }
    throw WordDictionaryError.notFound(searched: paths)
  }

  /// The standard word list, loaded once on first use; empty if none is installed.
  public static let standard: WordDictionary = (try? load()) ?? WordDictionary(words: [])

  /// A small built-in list for tests and examples.
  public static let sample = WordDictionary(words: sampleWords)

  /// The words of ``sample``.
  public static let sampleWords = [
    "ace", "aces", "act", "ale", "ant", "ants", "ape", "are", "art", "arts", "ate", "bat", "bats",
    "bee", "bees", "cab", "cabs", "can", "cane", "cans", "cap", "cape", "car", "care", "cars",
    "cat", "cats", "cube", "cubes", "ear", "ears", "eat", "eats", "era", "eta", "nap", "neat",
    "nest", "net", "nets", "one", "ones", "ore", "pan", "pane", "par", "pare", "pat", "pea",
    "peat", "pet", "queen", "quest", "quit", "race", "rat", "rate", "rats", "remove", "removes",
    "rest", "sat", "sea", "seat", "set", "star", "stare", "tan", "tar", "tea", "tear", "tears",
    "ten", "tens", "toe", "ton", "tone",
  ]
}
