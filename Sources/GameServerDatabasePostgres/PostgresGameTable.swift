import Foundation
import GameServerDatabase
import GameServerGame
import GameServerModels
import Logging
import PostgresNIO

/// Finished games, who played them, and the ratings and tallies they change, in PostgreSQL.
///
/// Servers that share the database may record games of the same player at once: the rated
/// players' rows are locked (in one order, so two commits cannot deadlock) before they are read,
/// so neither game's change is lost.
///
/// ```swift
/// let ratings = try await PostgresGameTable.record([game], connection, logger)   // [["alice": 1216, ...]]
/// ```
enum PostgresGameTable {
  /// Records the games a commit ends, and updates their people's ratings and tallies, in a
  /// few statements whatever their number (a round trip each): the games with their players,
  /// the rating rows made where missing, those rows locked (in one order, so two commits cannot
  /// deadlock) and read, then updated. Returns each game's new ratings of its rated players, in
  /// order (a player in two of the games is rated by the first, then the second).
  static func record(_ games: [GameRecord], _ connection: PostgresConnection, _ logger: Logger) async throws
    -> [[PlayerID: Int]]
  {
    guard !games.isEmpty else { return [] }
    let records = try games.map { try $0.jsonText ?? JSONStreamEncoder.string($0) }
    var seats: (games: [Int], players: [String]) = ([], [])
    for (index, game) in games.enumerated() {
      for player in Set(game.players.map(\.rawValue)).sorted() {
        seats.games.append(index + 1)
        seats.players.append(player)
      }
    }
    // NB: One statement: the ids are drawn once (a CTE with a volatile function is made once),
    // so the players go with their game.
    try await connection.query(
      """
      WITH input AS (
        SELECT room, variant, record, n, nextval(pg_get_serial_sequence('game', 'id')) AS id
        FROM unnest(\(games.map(\.room.rawValue))::text[], \(games.map(\.variant.rawValue))::text[], \(records)::text[])
          WITH ORDINALITY AS g (room, variant, record, n)
      ), games AS (
        INSERT INTO game (id, room, variant, record) SELECT id, room, variant, record FROM input
      )
      INSERT INTO game_player (game, player)
      SELECT input.id, seat.player FROM unnest(\(seats.games)::int8[], \(seats.players)::text[]) AS seat (n, player)
      JOIN input ON input.n = seat.n
      """,
      logger: logger)

    // The rated people's rows, by player and game.
    struct Key: Hashable, Comparable {
      var player: String
      var variant: String
      static func < (a: Key, b: Key) -> Bool { (a.player, a.variant) < (b.player, b.variant) }
    }
    var people: [Key: (name: String, isGuest: Bool)] = [:]
    for game in games {
      for (player, name) in zip(game.players, game.names) where !game.bots.contains(player) {
        people[Key(player: player.rawValue, variant: game.variant.rawValue)] = (name, game.guests.contains(player))
      }
    }
    guard !people.isEmpty else { return games.map { _ in [:] } }
    let keys = people.keys.sorted()
    try await connection.query(
      """
      INSERT INTO rating (player, variant, name, rating, is_guest)
      SELECT player, variant, name, \(Elo.initialRating), is_guest
      FROM unnest(\(keys.map(\.player))::text[], \(keys.map(\.variant))::text[], \(keys.map { people[$0]!.name })::text[],
        \(keys.map { people[$0]!.isGuest })::boolean[]) AS person (player, variant, name, is_guest)
      ON CONFLICT (player, variant) DO NOTHING
      """,
      logger: logger)
    var current: [Key: Int] = [:]
    for try await (player, variant, rating) in try await connection.query(
      """
      SELECT rating.player, rating.variant, rating.rating FROM rating
      JOIN unnest(\(keys.map(\.player))::text[], \(keys.map(\.variant))::text[]) AS person (player, variant)
        ON rating.player = person.player AND rating.variant = person.variant
      ORDER BY rating.player, rating.variant FOR UPDATE OF rating
      """,
      logger: logger
    ).decode((String, String, Int).self) {
      current[Key(player: player, variant: variant)] = rating
    }

    var results: [[PlayerID: Int]] = []
    var tallies: [Key: (wins: Int, losses: Int, draws: Int)] = [:]
    for game in games {
      let variant = game.variant.rawValue
      let updated = GameRatings.newRatings(for: game) { current[Key(player: $0.rawValue, variant: variant)] ?? Elo.initialRating }
      for (player, rating) in updated { current[Key(player: player.rawValue, variant: variant)] = rating }
      for (player, result) in GameRatings.outcome(of: game) {
        let key = Key(player: player.rawValue, variant: variant)
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
    let changed = tallies.keys.sorted()
    try await connection.query(
      """
      UPDATE rating SET
        name = person.name, rating = person.rating,
        wins = rating.wins + person.wins, losses = rating.losses + person.losses, draws = rating.draws + person.draws
      FROM unnest(\(changed.map(\.player))::text[], \(changed.map(\.variant))::text[], \(changed.map { people[$0]?.name ?? $0.player })::text[],
        \(changed.map { current[$0] ?? Elo.initialRating })::int8[], \(changed.map { tallies[$0]!.wins })::int8[],
        \(changed.map { tallies[$0]!.losses })::int8[], \(changed.map { tallies[$0]!.draws })::int8[])
        AS person (player, variant, name, rating, wins, losses, draws)
      WHERE rating.player = person.player AND rating.variant = person.variant
      """,
      logger: logger)
    return results
  }

  /// The best-rated accounts of a game (guests are rated, but not listed).
  static func leaderboard(_ variant: GameVariant, limit: Int, _ client: PostgresClient, _ logger: Logger) async throws
    -> [LeaderboardEntry]
  {
    var entries: [LeaderboardEntry] = []
    for try await (name, rating, wins, losses, draws) in try await client.query(
      """
      SELECT name, rating, wins, losses, draws FROM rating
      WHERE variant = \(variant.rawValue) AND NOT is_guest
      ORDER BY rating DESC, name COLLATE "C" ASC LIMIT \(max(0, limit))
      """,
      logger: logger
    ).decode((String, Int, Int, Int, Int).self) {
      entries.append(LeaderboardEntry(name: name, rating: rating, wins: wins, losses: losses, draws: draws))
    }
    return entries
  }

  /// A player's last `limit` games, oldest first.
  static func games(of player: PlayerID, limit: Int, _ client: PostgresClient, _ logger: Logger) async throws
    -> [GameRecord]
  {
    var records: [String] = []
    for try await record in try await client.query(
      """
      SELECT game.record FROM game JOIN game_player ON game_player.game = game.id
      WHERE game_player.player = \(player.rawValue) ORDER BY game.id DESC LIMIT \(max(0, limit))
      """,
      logger: logger
    ).decode(String.self) {
      records.append(record)
    }
    return try records.reversed().map { try JSONDecoder().decode(GameRecord.self, from: Data($0.utf8)) }
  }

  /// A player's rating in each game they played.
  static func ratings(of player: PlayerID, _ client: PostgresClient, _ logger: Logger) async throws -> [GameVariant: Int] {
    var ratings: [GameVariant: Int] = [:]
    for try await (variant, rating) in try await client.query(
      "SELECT variant, rating FROM rating WHERE player = \(player.rawValue)", logger: logger
    ).decode((String, Int).self) {
      ratings[GameVariant(rawValue: variant)] = rating
    }
    return ratings
  }
}
