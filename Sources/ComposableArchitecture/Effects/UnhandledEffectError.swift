import Foundation

/// Reports an error thrown by an `Effect.run` that has no `catch` handler.
@usableFromInline
func _reportUnhandledEffectError(
  _ error: any Error,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  reportIssue(
    """
    An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error:

      \(String(customDumping: error).replacingOccurrences(of: "\n", with: "\n  "))

    All non-cancellation errors must be explicitly handled via the "catch" \
    parameter on "Effect.run", or via a "do" block.
    """,
    fileID: fileID,
    filePath: filePath,
    line: line,
    column: column
  )
}
