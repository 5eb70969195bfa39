import GameServerDatabase
import GameServerGame
import GameServerWire
import GameServerJSON

/// The games one commit ends, ready for their rows: the records as stored, who sat in each, the
/// people whose ratings they touch, and (from the ratings before them) the rating rows they
/// change.
///
/// ```swift
/// let batch = try GameBatch([game])
/// let rated = batch.rate(current: [RatingKey(player: "alice", variant: "tictactoe"): 1200, ...])
/// rated.results   // each game's rated players' ratings before and after it, in order
/// ```
struct GameBatch: Sendable {
  /// One rating row as the commit leaves it: the new rating, the tallies to add, and the rating it
  /// is written over (the row is written only if it still holds that).
  struct Row: Sendable {
    var key: RatingKey
    var name: String
    var rating: Int
    var expected: Int
    var wins = 0
    var losses = 0
    var draws = 0
  }

  /// What rating the batch gives: each game's new ratings, and the rows to write.
  struct Rated: Sendable {
    var results: [[PlayerID: RatingUpdate]]
    var rows: [Row]
    /// Every row's rating once the commit is in.
    var final: [RatingKey: Int] {
      Dictionary(uniqueKeysWithValues: self.rows.map { ($0.key, $0.rating) })
    }
  }

  let games: [GameRecord]
  /// Each game as stored (its JSON text).
  let records: [String]
  /// Who sat in each game, by the game's place in `games` counted from 1.
  let seats: (games: [Int], players: [String])
  /// The people (not bots) in the games, with the name and guest flag their rating row takes.
  let people: [RatingKey: (name: String, isGuest: Bool)]
  /// The keys of `people`, in the order their rows are locked (one order, so two commits
  /// cannot deadlock).
  let keys: [RatingKey]

  init(_ games: [GameRecord]) throws {
    self.games = games
    self.records = try games.map { try $0.jsonText ?? JSONStreamEncoder.string($0) }
    var seats: (games: [Int], players: [String]) = ([], [])
    var people: [RatingKey: (name: String, isGuest: Bool)] = [:]
    for (index, game) in games.enumerated() {
      for player in Set(game.players.map(\.rawValue)).sorted() {
        seats.games.append(index + 1)
        seats.players.append(player)
      }
      for (player, name) in zip(game.players, game.names) where !game.bots.contains(player) {
        people[RatingKey(player: player.rawValue, variant: game.variant.rawValue)] = (name, game.guests.contains(player))
      }
    }
    self.seats = seats
    self.people = people
    self.keys = people.keys.sorted()
  }

  /// Rates the games in their order (a player in two of them by the first, then the second),
  /// from `current`, the ratings before them (a key missing there is a new player's).
  func rate(current before: [RatingKey: Int]) -> Rated {
    var current = before
    var results: [[PlayerID: RatingUpdate]] = []
    var tallies: [RatingKey: (wins: Int, losses: Int, draws: Int)] = [:]
    for game in self.games {
      let variant = game.variant.rawValue
      let updated = GameRatings.updates(for: game) {
        current[RatingKey(player: $0.rawValue, variant: variant)] ?? Elo.initialRating
      }
      for (player, update) in updated { current[RatingKey(player: player.rawValue, variant: variant)] = update.after }
      for (player, result) in GameRatings.outcome(of: game) {
        let key = RatingKey(player: player.rawValue, variant: variant)
        var tally = tallies[key] ?? (0, 0, 0)
        switch result {
        case .win: tally.wins += 1
        case .loss: tally.losses += 1
        case .draw: tally.draws += 1
        }
        tallies[key] = tally
      }
      results.append(updated)
    }
    let rows = tallies.keys.sorted().map { key in
      let tally = tallies[key]!
      return Row(
        key: key, name: self.people[key]?.name ?? key.player, rating: current[key] ?? Elo.initialRating,
        expected: before[key] ?? Elo.initialRating, wins: tally.wins, losses: tally.losses, draws: tally.draws)
    }
    return Rated(results: results, rows: rows)
  }
}
