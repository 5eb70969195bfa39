import GameServerDatabase
import Foundation
import GRDB
import GameServerGame
import GameServerRatings
import GameServerWire
import GameServerJSON

/// Finished games, who played them, and the ratings and tallies they change.
///
/// ```swift
/// let ratings = try GameTable.record(game, db)   // ["alice": 1200 → 1216, "bob": 1200 → 1184]
/// ```
enum GameTable {
  /// Records a finished game and writes the rating rows `GameRatings` gives it (its people's
  /// ratings and tallies); returns the rated players' ratings before and after it.
  static func record(_ game: GameRecord, _ db: Database) throws -> [PlayerID: RatingUpdate] {
    // NB: Encoded here, on the writer's thread, off the rooms' thread.
    let record = try game.jsonText ?? JSONStreamEncoder.string(game)
    try db.cachedStatement(sql: "INSERT INTO game (room, variant, record) VALUES (?, ?, ?)")
      .execute(arguments: [game.room.rawValue, game.variant.rawValue, record])
    let id = db.lastInsertedRowID
    for player in Set(game.players) {
      try db.cachedStatement(sql: "INSERT INTO gamePlayer (game, player) VALUES (?, ?)")
        .execute(arguments: [id, player.rawValue])
    }
    var before = [RatingKey: Int](minimumCapacity: game.players.count)
    for player in game.players where !game.bots.contains(player) {
      before[RatingKey(player: player, variant: game.variant)] = try Int.fetchOne(
        db.cachedStatement(sql: "SELECT rating FROM rating WHERE player = ? AND variant = ?"),
        arguments: [player.rawValue, game.variant.rawValue])
    }
    let changes = GameRatings.rate([game], before: before)
    for row in changes.rows {
      try db.cachedStatement(
        sql: """
          INSERT INTO rating (player, variant, name, rating, isGuest, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (player, variant) DO UPDATE SET
            name = excluded.name, rating = excluded.rating,
            wins = wins + excluded.wins, losses = losses + excluded.losses, draws = draws + excluded.draws
          """
      )
      .execute(arguments: [
        row.key.player.rawValue, row.key.variant.rawValue, row.name, row.after, row.isGuest, row.wins, row.losses,
        row.draws,
      ])
    }
    return changes.results[0]
  }

  /// The best-rated accounts of a game (guests are rated, but not listed: their names are not
  /// theirs alone).
  static func leaderboard(_ variant: GameVariant, limit: Int, _ db: Database) throws -> [LeaderboardEntry] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT name, rating, wins, losses, draws FROM rating
        WHERE variant = ? AND NOT isGuest
        ORDER BY rating DESC, name ASC LIMIT ?
        """,
      arguments: [variant.rawValue, limit]
    ).map { row in
      LeaderboardEntry(
        name: row["name"], rating: row["rating"], wins: row["wins"], losses: row["losses"], draws: row["draws"])
    }
  }

  /// A player's last `limit` games' records, oldest first.
  static func games(of player: PlayerID, limit: Int, _ db: Database) throws -> [String] {
    try String.fetchAll(
      db,
      sql: """
        SELECT game.record FROM game JOIN gamePlayer ON gamePlayer.game = game.id
        WHERE gamePlayer.player = ? ORDER BY game.id DESC LIMIT ?
        """,
      arguments: [player.rawValue, max(0, limit)]
    ).reversed()
  }
}
