import Foundation
import GameServerDatabase
import GameServerGame
import GameServerModels
import Logging
import PostgresNIO

/// Finished games, who played them, and the ratings and tallies they change, in PostgreSQL.
///
/// Servers that share the database may record games of the same player at once: the rated
/// players' rows are locked (in one order, so two games cannot deadlock) before they are read,
/// so neither game's change is lost.
///
/// ```swift
/// let ratings = try await PostgresGameTable.record(game, connection, logger)   // ["alice": 1216, ...]
/// ```
enum PostgresGameTable {
  /// Records a finished game and updates its people's ratings and tallies; returns the new
  /// ratings of the rated players.
  static func record(_ game: GameRecord, _ connection: PostgresConnection, _ logger: Logger) async throws -> [PlayerID: Int] {
    let record = try game.jsonText ?? JSONStreamEncoder.string(game)
    let variant = game.variant.rawValue
    let rows = try await connection.query(
      "INSERT INTO game (room, variant, record) VALUES (\(game.room.rawValue), \(variant), \(record)) RETURNING id",
      logger: logger)
    var id = 0
    for try await value in rows.decode(Int.self) { id = value }
    let everyone = Array(Set(game.players.map(\.rawValue))).sorted()
    try await connection.query(
      "INSERT INTO game_player (game, player) SELECT \(id), unnest(\(everyone)::text[])", logger: logger)

    let people = zip(game.players, game.names).filter { !game.bots.contains($0.0) }
    guard !people.isEmpty else { return [:] }
    let players = people.map(\.0.rawValue)
    let names = people.map(\.1)
    let guests = people.map { game.guests.contains($0.0) }
    try await connection.query(
      """
      INSERT INTO rating (player, variant, name, rating, is_guest)
      SELECT player, \(variant), name, \(Elo.initialRating), is_guest
      FROM unnest(\(players)::text[], \(names)::text[], \(guests)::boolean[]) AS person (player, name, is_guest)
      ON CONFLICT (player, variant) DO NOTHING
      """,
      logger: logger)
    var current: [PlayerID: Int] = [:]
    for try await (player, rating) in try await connection.query(
      """
      SELECT player, rating FROM rating WHERE variant = \(variant) AND player = ANY(\(players)::text[])
      ORDER BY player FOR UPDATE
      """,
      logger: logger
    ).decode((String, Int).self) {
      current[PlayerID(rawValue: player)] = rating
    }
    let updated = GameRatings.newRatings(for: game) { current[$0] ?? Elo.initialRating }
    let outcome = GameRatings.outcome(of: game)
    let ratings = people.map { updated[$0.0] ?? current[$0.0] ?? Elo.initialRating }
    let results = people.map { person in
      switch outcome[person.0] {
      case .win?: "win"
      case .loss?: "loss"
      case .draw?, nil: "draw"
      }
    }
    try await connection.query(
      """
      UPDATE rating SET
        name = person.name, rating = person.rating,
        wins = wins + (person.result = 'win')::int,
        losses = losses + (person.result = 'loss')::int,
        draws = draws + (person.result = 'draw')::int
      FROM unnest(\(players)::text[], \(names)::text[], \(ratings)::int8[], \(results)::text[])
        AS person (player, name, rating, result)
      WHERE rating.player = person.player AND rating.variant = \(variant)
      """,
      logger: logger)
    return updated
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
