import Foundation

/// Elo ratings: every player starts at 1200 in each game, and a result moves both ratings by
/// up to `k` points.
///
/// ```swift
/// let (winner, loser) = Elo.update(winner: 1200, loser: 1200)  // (1216, 1184)
/// ```
public enum Elo {
  /// A new player's rating.
  public static let initialRating = 1200

  /// The most a rating moves in one game.
  public static let k = 32.0

  /// The chance that a player rated `rating` beats one rated `opponent`.
  @inlinable
  public static func expectedScore(_ rating: Int, against opponent: Int) -> Double {
    1 / (1 + pow(10, Double(opponent - rating) / 400))
  }

  /// New ratings after a win.
  public static func update(winner: Int, loser: Int) -> (winner: Int, loser: Int) {
    let change = k * (1 - expectedScore(winner, against: loser))
    return (winner + Int(change.rounded()), loser - Int(change.rounded()))
  }

  /// New ratings after a draw.
  public static func draw(_ a: Int, _ b: Int) -> (Int, Int) {
    let change = k * (0.5 - expectedScore(a, against: b))
    return (a + Int(change.rounded()), b - Int(change.rounded()))
  }
}
