import Foundation
import GameServerDatabase
import GameServerGame
import GameServerRatings
import GameServerWire
import Logging
import PostgresNIO

/// Finished games, who played them, and the ratings and tallies they change, in PostgreSQL.
///
/// Servers that share the database may record games of the same player at once: a commit either
/// locks the rated players' rows before it reads them, or writes them only where they still hold
/// what it knew (``PostgresCommit``), so neither game's change is lost.
///
/// ```swift
/// let current = try await PostgresGameTable.lockRatings(batch, connection, logger)   // [alice/tictactoe: 1216, ...]
/// ```
enum PostgresGameTable {
  /// Makes the rating rows of the batch's people where missing, then locks them (in one order,
  /// so two commits cannot deadlock) until the transaction ends, and returns what they hold.
  /// Two round trips, whatever the number of games.
  static func lockRatings(_ batch: GameBatch, _ connection: PostgresConnection, _ logger: Logger) async throws
    -> [RatingKey: Int]
  {
    let keys = batch.keys
    guard !keys.isEmpty else { return [:] }
    try await connection.query(
      """
      INSERT INTO rating (player, variant, name, rating, is_guest)
      SELECT player, variant, name, \(Elo.initialRating), is_guest
      FROM unnest(\(keys.map(\.player.rawValue))::text[], \(keys.map(\.variant.rawValue))::text[], \(keys.map { batch.people[$0]!.name })::text[],
        \(keys.map { batch.people[$0]!.isGuest })::boolean[]) AS person (player, variant, name, is_guest)
      ON CONFLICT (player, variant) DO NOTHING
      """,
      logger: logger)
    var current: [RatingKey: Int] = [:]
    for try await (player, variant, rating) in try await connection.query(
      """
      SELECT rating.player, rating.variant, rating.rating FROM rating
      JOIN unnest(\(keys.map(\.player.rawValue))::text[], \(keys.map(\.variant.rawValue))::text[]) AS person (player, variant)
        ON rating.player = person.player AND rating.variant = person.variant
      ORDER BY rating.player, rating.variant FOR UPDATE OF rating
      """,
      logger: logger
    ).decode((String, String, Int).self) {
      current[RatingKey(player: PlayerID(rawValue: player), variant: GameVariant(rawValue: variant))] = rating
    }
    return current
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
    var records: [(Int64, String, Double, Int?)] = []
    for try await row in try await client.query(
      """
      SELECT game.id, game.record, extract(epoch FROM game.finished_at)::float8, game_player.rating_change::int8 FROM game
      JOIN game_player ON game_player.game = game.id
      WHERE game_player.player = \(player.rawValue) ORDER BY game.id DESC LIMIT \(max(0, limit))
      """,
      logger: logger
    ).decode((Int64, String, Double, Int?).self) {
      records.append(row)
    }
    return try records.reversed().map { number, text, seconds, change in
      var record = try JSONDecoder().decode(GameRecord.self, from: Data(text.utf8))
      record.finishedAt = Date(timeIntervalSince1970: seconds)
      record.number = number
      record.ratingChange = change
      return record
    }
  }

  /// A recorded game by its number, with its replay (its own lines after those of the earlier
  /// games of the same log it follows).
  static func recordedGame(_ id: Int64, _ client: PostgresClient, _ logger: Logger) async throws -> RecordedGame? {
    func row(_ id: Int64) async throws -> (record: String, replay: String?, after: Int64?)? {
      for try await row in try await client.query(
        "SELECT record, replay, replay_after FROM game WHERE id = \(id)", logger: logger
      ).decode((String, String?, Int64?).self) {
        return row
      }
      return nil
    }
    guard let game = try await row(id) else { return nil }
    let record = try JSONDecoder().decode(GameRecord.self, from: Data(game.record.utf8))
    guard let own = game.replay else { return RecordedGame(id: id, record: record, replay: nil) }
    // NB: A game only ever follows an earlier one; a chain that does not is not a replay.
    var segments = [own]
    var (previous, later) = (game.after, id)
    while let earlier = previous {
      guard earlier < later, let row = try await row(earlier), let lines = row.replay else {
        return RecordedGame(id: id, record: record, replay: nil)
      }
      segments.insert(lines, at: 0)
      (previous, later) = (row.after, earlier)
    }
    return RecordedGame(id: id, record: record, replay: ReplaySegment.lines(segments))
  }

  /// The last `limit` recorded games, oldest first, without their replays.
  static func recordedGames(limit: Int, _ client: PostgresClient, _ logger: Logger) async throws -> [RecordedGame] {
    var games: [RecordedGame] = []
    for try await (id, record) in try await client.query(
      "SELECT id, record FROM game ORDER BY id DESC LIMIT \(max(0, limit))", logger: logger
    ).decode((Int64, String).self) {
      games.append(
        RecordedGame(id: id, record: try JSONDecoder().decode(GameRecord.self, from: Data(record.utf8)), replay: nil))
    }
    return games.reversed()
  }

  /// A player's rating in each game they played.
  static func ratings(of player: PlayerID, _ client: PostgresClient, _ logger: Logger) async throws -> [GameVariant:
    Int]
  {
    var ratings: [GameVariant: Int] = [:]
    for try await (variant, rating) in try await client.query(
      "SELECT variant, rating FROM rating WHERE player = \(player.rawValue)", logger: logger
    ).decode((String, Int).self) {
      ratings[GameVariant(rawValue: variant)] = rating
    }
    return ratings
  }
}
