import GameServerGame
import GameServerModels

/// How a finished game moves ratings: Elo between the two people, when two people played.
/// Games against bots are recorded but not rated.
public enum GameRatings {
  public enum Result: Sendable { case win, loss, draw }

  /// Each person's result.
  public static func outcome(of game: GameRecord) -> [PlayerID: Result] {
    var results: [PlayerID: Result] = [:]
    for player in game.players where !game.bots.contains(player) {
      results[player] = game.winners.isEmpty || game.winners.count == game.players.count
        ? .draw : game.winners.contains(player) ? .win : .loss
    }
    return results
  }

  /// The people's new ratings, given their current ones; empty for games with bots.
  public static func newRatings(
    for game: GameRecord,
    current: (PlayerID) -> Int
  ) -> [PlayerID: Int] {
    let people = game.players.filter { !game.bots.contains($0) }
    guard people.count == 2, game.bots.isEmpty else { return [:] }
    let (a, b) = (people[0], people[1])
    let outcome = self.outcome(of: game)
    switch (outcome[a], outcome[b]) {
    case (.win?, .loss?):
      let (winner, loser) = Elo.update(winner: current(a), loser: current(b))
      return [a: winner, b: loser]
    case (.loss?, .win?):
      let (winner, loser) = Elo.update(winner: current(b), loser: current(a))
      return [a: loser, b: winner]
    default:
      let (ra, rb) = Elo.draw(current(a), current(b))
      return [a: ra, b: rb]
    }
  }
}
