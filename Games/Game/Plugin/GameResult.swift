/// How a game ended: each seated player's place, and scores where the game keeps them. Enough
/// for ratings: each pair of players counts as a win, a loss or a draw between them.
///
/// ```swift
/// GameResult(ranking: [["alice"], ["bob"]])    // alice won
/// GameResult(ranking: [["alice", "bob"]])      // a draw
/// ```
public struct GameResult: Hashable, Sendable {
  /// The players from first place to last; players in one group tie.
  public var ranking: [[PlayerID]]
  /// Each player's score, for games that keep one.
  public var scores: [PlayerID: Int]
  /// Why the game ended, where the game says (the room says it for forfeits, players who left,
  /// and abandoned games).
  public var reason: GameEndReason?

  public init(ranking: [[PlayerID]], scores: [PlayerID: Int] = [:], reason: GameEndReason? = nil) {
    self.ranking = ranking
    self.scores = scores
    self.reason = reason
  }

  /// The players in first place, or none when everyone ties.
  public var winners: [PlayerID] {
    self.ranking.count > 1 ? self.ranking.first ?? [] : []
  }

  /// A ranking by score, highest first, ties together.
  public static func byScore(_ scores: [(PlayerID, Int)], reason: GameEndReason? = nil) -> GameResult {
    var ranking: [[PlayerID]] = []
    var last: Int?
    for (player, score) in scores.sorted(by: { $0.1 > $1.1 }) {
      if score == last { ranking[ranking.count - 1].append(player) } else { ranking.append([player]) }
      last = score
    }
    return GameResult(
      ranking: ranking, scores: Dictionary(scores, uniquingKeysWith: { first, _ in first }), reason: reason)
  }
}
