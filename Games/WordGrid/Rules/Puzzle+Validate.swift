extension Puzzle {
  /// Checks a traced path against the rules and scores it.
  ///
  /// A path is valid when every face is on the cube and playable, no face repeats, each face
  /// touches the one before, the word has at least 3 letters, is in the dictionary, and is not
  /// in `played`.
  ///
  /// ```swift
  /// switch puzzle.validate(path, dictionary: dictionary, played: []) {
  /// case let .success(word): print(word.word, word.score)
  /// case let .failure(error): print(error.message)
  /// }
  /// ```
  public func validate(
    _ path: [FacePosition],
    dictionary: WordDictionary,
    played: Set<String>
  ) -> Result<FoundWord, WordGridError> {
    var seen = FaceSet()
    for (offset, face) in path.enumerated() {
      guard face.cube.isValid else { return .failure(.faceOffCube(face)) }
      guard self.isPlayable(face) else { return .failure(.faceNotPlayable(face)) }
      guard !seen.contains(face) else { return .failure(.faceRepeated(face)) }
      seen.insert(face)
      if offset > 0, !CubeGeometry.touches(path[offset - 1], face) {
        return .failure(.facesNotTouching(path[offset - 1], face))
      }
    }
    let letters = path.map { self[$0] }
    guard letters.reduce(0, { $0 + $1.length }) >= 3 else { return .failure(.tooShort) }
    let word = self.word(along: path)
    guard dictionary.contains(word) else { return .failure(.notInDictionary(word)) }
    guard !played.contains(word) else { return .failure(.alreadyPlayed(word)) }
    return .success(FoundWord(word: word, score: Scoring.score(letters), path: path))
  }
}
