/// A row of a leaderboard.
public struct LeaderboardEntry: Hashable, Codable, Sendable {
  public var name: String
  public var rating: Int
  public var wins: Int
  public var losses: Int
  public var draws: Int

  public init(name: String, rating: Int, wins: Int, losses: Int, draws: Int) {
    self.name = name
    self.rating = rating
    self.wins = wins
    self.losses = losses
    self.draws = draws
  }
}
