/// A player's disc. X moves first.
///
/// ```swift
/// Disc.x.opponent  // .o
/// ```
public enum Disc: String, Hashable, Codable, Sendable, CaseIterable {
  case x = "X"
  case o = "O"

  /// The other disc.
  public var opponent: Disc { self == .x ? .o : .x }
}
