/// A player's mark. X moves first.
///
/// ```swift
/// Mark.x.opponent  // .o
/// ```
public enum Mark: String, Hashable, Codable, Sendable, CaseIterable {
  case x = "X"
  case o = "O"

  /// The other mark.
  public var opponent: Mark { self == .x ? .o : .x }
}
