/// A way to play a game, and how many seats it has.
///
/// ```swift
/// GameMode(name: "race", seats: 2...4)
/// ```
public struct GameMode: Hashable, Codable, Sendable {
  /// The mode's wire name (`standard` for a game with one way to play).
  public var name: String
  /// How many players a game in this mode seats. The server holds to it on every path: a queue
  /// gathers at least the fewest (or gives bots the seats left), a private room starts with no
  /// fewer, and `setup` is never handed fewer or more. Without `players`, a game seats two, or
  /// the fewest when that is more.
  public var seats: ClosedRange<Int>

  public init(name: String = GameVariant.standardMode, seats: ClosedRange<Int>) {
    self.name = name
    self.seats = seats
  }
}
