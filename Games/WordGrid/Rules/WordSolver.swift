/// Finds every word that can be played on a puzzle as it stands.
///
/// A depth-first walk over the playable faces, following each face to the faces it touches and
/// pruned by the dictionary's trie, so it visits only paths that spell the start of some word.
///
/// ```swift
/// let words = WordSolver.solve(puzzle, dictionary: .standard)
/// let best = words.first  // highest score first
/// ```
public enum WordSolver {
  /// Every playable word not in `excluding`, each with one path, highest score first (ties in
  /// alphabetical order).
  public static func solve(
    _ puzzle: Puzzle,
    dictionary: WordDictionary,
    excluding: Set<String> = []
  ) -> [FoundWord] {
    var found: [FoundWord] = []
    var seen = Set<Int32>()
    Search(puzzle: puzzle, dictionary: dictionary).run { node, path in
      guard seen.insert(node).inserted else { return true }
      let word = puzzle.word(along: path)
      if !excluding.contains(word) {
        found.append(FoundWord(word: word, score: Scoring.score(path.map { puzzle[$0] }), path: path))
      }
      return true
    }
    return found.sorted { ($0.score, $1.word) > ($1.score, $0.word) }
  }

  /// Whether any playable word is left that is not in `excluding`; stops at the first one.
  public static func hasWord(
    _ puzzle: Puzzle,
    dictionary: WordDictionary,
    excluding: Set<String> = []
  ) -> Bool {
    var result = false
    Search(puzzle: puzzle, dictionary: dictionary).run { _, path in
      if excluding.contains(puzzle.word(along: path)) { return true }
      result = true
      return false
    }
    return result
  }
}

/// One walk of the solver.
private struct Search {
  let puzzle: Puzzle
  let dictionary: WordDictionary
  let playable: FaceSet

  init(puzzle: Puzzle, dictionary: WordDictionary) {
    self.puzzle = puzzle
    self.dictionary = dictionary
    self.playable = puzzle.playableFaces
  }

  /// Calls `visit` with the trie node and path of each word-ending path of 3 or more letters;
  /// `visit` returns false to stop.
  func run(_ visit: (Int32, [FacePosition]) -> Bool) {
    var path: [Int] = []
    path.reserveCapacity(27)
    var used = FaceSet()
    var faces = self.playable
    while let start = faces.popFirstIndex() {
      guard
        self.walk(
          from: start, node: WordDictionary.root, letterCount: 0, path: &path, used: &used,
          visit: visit)
      else { return }
    }
  }

  /// Returns false once `visit` asks to stop.
  private func walk(
    from face: Int,
    node: Int32,
    letterCount: Int,
    path: inout [Int],
    used: inout FaceSet,
    visit: (Int32, [FacePosition]) -> Bool
  ) -> Bool {
    let letter = self.puzzle.letters[face]
    guard let next = self.dictionary.child(of: node, face: letter) else { return true }
    let count = letterCount + letter.length
    path.append(face)
    used.insert(index: face)
    defer {
      path.removeLast()
      used.remove(index: face)
    }
    if count >= 3, self.dictionary.isWord(next) {
      guard visit(next, path.map(FacePosition.init(index:))) else { return false }
    }
    guard self.dictionary.hasChildren(next) else { return true }
    var neighbours = CubeGeometry.touchingFaces[face].intersection(self.playable)
    while let neighbour = neighbours.popFirstIndex() {
      guard !used.contains(index: neighbour) else { continue }
      guard
        self.walk(
          from: neighbour, node: next, letterCount: count, path: &path, used: &used, visit: visit)
      else { return false }
    }
    return true
  }
}
