/// A way to play a game, and how many seats it has.
///
/// ```swift
/// GameMode(name: "race", seats: 2...4)
/// ```
public struct GameMode: Hashable, Codable, Sendable {
  /// The mode's wire name (`standard` for a game with one way to play).
  public var name: String
  /// How many players a game in this mode seats.
  public var seats: ClosedRange<Int>

  public init(name: String = GameVariant.standardMode, seats: ClosedRange<Int>) {
    self.name = name
    self.seats = seats
  }
}
