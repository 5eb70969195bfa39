import GameServerGame
import GameServerWire

/// How a finished game moves ratings: Elo between each pair of people, when only people played.
/// Games against bots are recorded but not rated.
///
/// In a game of more than two, each pair's result comes from their places (the better place
/// wins, the same place draws), and a player's change is the sum of their pairs' changes divided
/// by the number of opponents, so that a game moves a rating by at most `Elo.k` however many
/// played. For two players this is plain Elo.
///
/// ```swift
/// GameRatings.newRatings(for: record, current: { _ in 1200 })  // ["alice": 1216, "bob": 1184]
/// ```
public enum GameRatings {
  public enum Result: Sendable { case win, loss, draw }

  /// Each person's result: a win for first place (shared or not), a draw when everyone ties, a
  /// loss otherwise.
  public static func outcome(of game: GameRecord) -> [PlayerID: Result] {
    var results: [PlayerID: Result] = [:]
    for player in game.players where !game.bots.contains(player) {
      results[player] = game.winners.isEmpty || game.winners.count == game.players.count
        ? .draw : game.winners.contains(player) ? .win : .loss
    }
    return results
  }

  /// Each player's place, 0 for first: from the ranking, or for a game recorded with winners
  /// only, 0 for the winners and 1 for the others.
  public static func places(in game: GameRecord) -> [PlayerID: Int] {
    var places: [PlayerID: Int] = [:]
    if let ranking = game.ranking {
      for (place, group) in ranking.enumerated() {
        for player in group { places[player] = place }
      }
    } else {
      for player in game.players { places[player] = game.winners.isEmpty || game.winners.contains(player) ? 0 : 1 }
    }
    return places
  }

  /// The people's new ratings, given their current ones; empty for games with bots.
  public static func newRatings(
    for game: GameRecord,
    current: (PlayerID) -> Int
  ) -> [PlayerID: Int] {
    self.updates(for: game, current: current).mapValues(\.after)
  }

  /// The people's ratings before the game (their current ones) and after it; empty for games
  /// with bots.
  public static func updates(
    for game: GameRecord,
    current: (PlayerID) -> Int
  ) -> [PlayerID: RatingUpdate] {
    let people = game.players.filter { !game.bots.contains($0) }
    guard people.count >= 2, game.bots.isEmpty else { return [:] }
    let places = self.places(in: game)
    let ratings = people.map(current)
    var updated: [PlayerID: RatingUpdate] = [:]
    for (index, player) in people.enumerated() {
      var change = 0.0
      for (other, opponent) in people.enumerated() where other != index {
        let mine = places[player] ?? Int.max
        let theirs = places[opponent] ?? Int.max
        let score = mine < theirs ? 1.0 : mine == theirs ? 0.5 : 0.0
        change += Elo.k * (score - Elo.expectedScore(ratings[index], against: ratings[other]))
      }
      updated[player] = RatingUpdate(
        before: ratings[index], after: ratings[index] + Int((change / Double(people.count - 1)).rounded()))
    }
    return updated
  }
}

/// A player's rating in a game's variant before a game and after it, as the database stored
/// them: what a `rating` message's change is worked out from.
public struct RatingUpdate: Hashable, Sendable {
  public var before: Int
  public var after: Int

  public init(before: Int, after: Int) {
    self.before = before
    self.after = after
  }

  /// How much the game moved the rating.
  public var change: Int { self.after - self.before }
}
