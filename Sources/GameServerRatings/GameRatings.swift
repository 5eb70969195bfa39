import GameServerGame

/// What ratings read of a finished game: who played it (people and bots, in seat order, with
/// their names), which of them played as guests, and how it ended. The database's `GameRecord`
/// is one.
public protocol RatedGame {
  var variant: GameVariant { get }
  /// People and bots, in seat order; bots are not rated.
  var players: [PlayerID] { get }
  /// The players' names, in the same order.
  var names: [String] { get }
  var bots: [PlayerID] { get }
  /// The people who played as guests: rated, but not listed on leaderboards.
  var guests: [PlayerID] { get }
  /// Empty for a draw.
  var winners: [PlayerID] { get }
  /// For a game of more than two: every player's place, first to last, players in one group tied.
  var ranking: [[PlayerID]]? { get }
}

/// How a finished game moves ratings: Elo between each pair of people, when only people played.
/// Games against bots are recorded but not rated.
///
/// In a game of more than two, each pair's result comes from their places (the better place
/// wins, the same place draws), and a player's change is the sum of their pairs' changes divided
/// by the number of opponents, so that a game moves a rating by at most `Elo.k` however many
/// played. For two players this is plain Elo.
///
/// This is the one place ratings are worked out: a store reads the rows ``people(in:)`` names,
/// gives them to ``rate(_:before:)`` and writes the ``RatingChanges`` it returns as they are.
///
/// ```swift
/// GameRatings.newRatings(for: record, current: { _ in 1200 })  // ["alice": 1216, "bob": 1184]
/// ```
public enum GameRatings {
  public enum Result: Sendable { case win, loss, draw }

  /// Each person's result: a win for first place (shared or not), a draw when everyone ties, a
  /// loss otherwise.
  @inlinable
  public static func outcome(of game: some RatedGame) -> [PlayerID: Result] {
    var results: [PlayerID: Result] = [:]
    for player in game.players where !game.bots.contains(player) {
      results[player] =
        game.winners.isEmpty || game.winners.count == game.players.count
        ? .draw : game.winners.contains(player) ? .win : .loss
    }
    return results
  }

  /// Each player's place, 0 for first: from the ranking, or for a game recorded with winners
  /// only, 0 for the winners and 1 for the others.
  @inlinable
  public static func places(in game: some RatedGame) -> [PlayerID: Int] {
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
  @inlinable
  public static func newRatings(
    for game: some RatedGame,
    current: (PlayerID) -> Int
  ) -> [PlayerID: Int] {
    self.updates(for: game, current: current).mapValues(\.after)
  }

  /// The people's ratings before the game (their current ones) and after it; empty for games
  /// with bots.
  @inlinable
  public static func updates(
    for game: some RatedGame,
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

  /// The rating rows `games` touch: each person's in each game's variant, with the name and
  /// guest flag the row takes (a person's last game's).
  @inlinable
  public static func people(in games: [some RatedGame]) -> [RatingKey: (name: String, isGuest: Bool)] {
    var people: [RatingKey: (name: String, isGuest: Bool)] = [:]
    for game in games {
      for (player, name) in zip(game.players, game.names) where !game.bots.contains(player) {
        people[RatingKey(player: player, variant: game.variant)] = (name, game.guests.contains(player))
      }
    }
    return people
  }

  /// Rates `games` in their order (a player in two of them by the first, then the second), from
  /// `before`, the stored ratings of the rows ``people(in:)`` names (a key missing there is a new
  /// row's, at ``Elo/initialRating``). Every person's row gets its tally; games with bots move no
  /// rating.
  @inlinable
  public static func rate(_ games: [some RatedGame], before: [RatingKey: Int]) -> RatingChanges {
    // NB: One dictionary of rows, each holding its rating as the games go (the writer runs this
    // for every finished game).
    var rows = [RatingKey: RatingRow](minimumCapacity: 2 * games.count)
    var results: [[PlayerID: RatingUpdate]] = []
    results.reserveCapacity(games.count)
    for game in games {
      let variant = game.variant
      for (player, name) in zip(game.players, game.names) where !game.bots.contains(player) {
        let key = RatingKey(player: player, variant: variant)
        let isGuest = game.guests.contains(player)
        if let index = rows.index(forKey: key) {
          rows.values[index].name = name
          rows.values[index].isGuest = isGuest
        } else {
          let rating = before[key] ?? Elo.initialRating
          rows[key] = RatingRow(key: key, name: name, isGuest: isGuest, before: rating, after: rating)
        }
      }
      let updated = self.updates(for: game) {
        rows[RatingKey(player: $0, variant: variant)]?.after ?? Elo.initialRating
      }
      // NB: Changed through their index: `rows[key]?.after = ...` allocated about six times a
      // change here (measured with server-benchmark's allocation counter).
      for (player, update) in updated {
        if let index = rows.index(forKey: RatingKey(player: player, variant: variant)) {
          rows.values[index].after = update.after
        }
      }
      for (player, result) in self.outcome(of: game) {
        guard let index = rows.index(forKey: RatingKey(player: player, variant: variant)) else { continue }
        switch result {
        case .win: rows.values[index].wins += 1
        case .loss: rows.values[index].losses += 1
        case .draw: rows.values[index].draws += 1
        }
      }
      results.append(updated)
    }
    return RatingChanges(results: results, rows: rows.values.sorted { $0.key < $1.key })
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
