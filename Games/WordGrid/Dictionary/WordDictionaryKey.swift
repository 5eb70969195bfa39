import Dependencies

extension DependencyValues {
  /// The dictionary word-grid rules check words against.
  ///
  /// Live: Debian's word list (``WordDictionary/standard``). Tests: ``WordDictionary/sample``
  /// unless a test sets its own.
  ///
  /// ```swift
  /// let store = TestStore(initialState: state) { WordGrid() } withDependencies: {
  ///   $0.wordDictionary = WordDictionary(words: ["cab", "cabs"])
  /// }
  /// ```
  public var wordDictionary: WordDictionary {
    get { self[WordDictionaryKey.self] }
    set { self[WordDictionaryKey.self] = newValue }
  }
}

private enum WordDictionaryKey: DependencyKey {
  static var liveValue: WordDictionary { .standard }
  static var testValue: WordDictionary { .sample }
}
