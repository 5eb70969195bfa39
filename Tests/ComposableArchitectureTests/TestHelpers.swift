import Testing

extension Issue {
  /// Whether this issue's message contains `text`, so that `withKnownIssue` only accepts the
  /// issue a test expects.
  func messageContains(_ text: String) -> Bool {
    self.comments.contains { $0.rawValue.contains(text) } || String(describing: self).contains(text)
  }
}
