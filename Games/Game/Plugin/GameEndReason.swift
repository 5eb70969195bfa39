/// Why a game ended, as the `room` message's `status.end.reason` says it: one word, from a set a
/// game may add to (its own words are for its own clients).
///
/// | Reason | The game ended because |
/// |---|---|
/// | `win` | the rules decided it on the board (a line, four, the fleet sunk) |
/// | `score` | the scores decided it (the word grid's clock, turn limit, or puzzle ran out) |
/// | `draw` | nobody won (a full board; nobody placed a fleet in time) |
/// | `resignation` | a player resigned |
/// | `time` | a player's move clock ran out |
/// | `forfeit` | a player was away past the grace period |
/// | `left` | a player left the room during the game |
/// | `abandoned` | every person was gone, and the bots left playing forfeited |
///
/// The room gives the last three itself; a game gives the others in its ``GameResult``.
///
/// ```swift
/// GameResult(ranking: [["ann"], ["ben"]], reason: .resignation)
/// ```
public struct GameEndReason: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral {
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.rawValue)
  }

  public static let win: Self = "win"
  public static let score: Self = "score"
  public static let draw: Self = "draw"
  public static let resignation: Self = "resignation"
  public static let time: Self = "time"
  public static let forfeit: Self = "forfeit"
  public static let left: Self = "left"
  public static let abandoned: Self = "abandoned"
}
