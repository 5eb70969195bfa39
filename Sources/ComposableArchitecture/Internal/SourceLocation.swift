/// Where an operator was written, for the issues it reports.
@usableFromInline
struct SourceLocation: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  @usableFromInline
  func report(_ message: String) {
    reportIssue(message, fileID: self.fileID, filePath: self.filePath, line: self.line, column: self.column)
  }
}
