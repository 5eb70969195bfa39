import Foundation
import GRDB
import GameServerDatabase
import GameServerGame
import GameServerJSON
import GameServerRatings
import GameServerWire

/// Finished games, who played them, and the ratings and tallies they change.
///
/// ```swift
/// let (id, ratings) = try GameTable.record(game, replay: segment, db)   // 12, ["alice": 1200 → 1216, "bob": 1200 → 1184]
/// ```
enum GameTable {
  /// Records a finished game and writes the rating rows `GameRatings` gives it (its people's
  /// ratings and tallies), with its part of its replay; returns its number and the rated
  /// players' ratings before and after it.
  static func record(_ game: GameRecord, replay: ReplaySegment?, _ db: Database) throws
    -> (id: Int64, ratings: [PlayerID: RatingUpdate])
  {
    // NB: Encoded here, on the writer's thread, off the rooms' thread.
    let record = try game.jsonText ?? JSONStreamEncoder.string(game)
    try db.cachedStatement(sql: "INSERT INTO game (room, variant, record, replay, replayAfter) VALUES (?, ?, ?, ?, ?)")
      .execute(arguments: [
        game.room.rawValue, game.variant.rawValue, record, replay?.lines,
        replay?.continues == true ? replay?.previousGame : nil,
      ])
    let id = db.lastInsertedRowID
    var before = [RatingKey: Int](minimumCapacity: game.players.count)
    for player in game.players where !game.bots.contains(player) {
      before[RatingKey(player: player, variant: game.variant)] = try Int.fetchOne(
        db.cachedStatement(sql: "SELECT rating FROM rating WHERE player = ? AND variant = ?"),
        arguments: [player.rawValue, game.variant.rawValue])
    }
    let changes = GameRatings.rate([game], before: before)
    for player in Set(game.players) {
      try db.cachedStatement(sql: "INSERT INTO gamePlayer (game, player, ratingChange) VALUES (?, ?, ?)")
        .execute(arguments: [id, player.rawValue, changes.results[0][player]?.change])
    }
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
    return (id, changes.results[0])
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

  /// A recorded game by its number, with its replay.
  static func recordedGame(_ id: Int64, _ db: Database) throws -> RecordedGame? {
    guard
      let row = try Row.fetchOne(db, sql: "SELECT record, replay, replayAfter FROM game WHERE id = ?", arguments: [id])
    else { return nil }
    let record = try JSONDecoder().decode(GameRecord.self, from: Data((row["record"] as String).utf8))
    guard let own = row["replay"] as String? else { return RecordedGame(id: id, record: record, replay: nil) }
    // NB: Each game keeps its own lines: the earlier games' of the same log come first. A game
    // only ever follows an earlier one; a chain that does not is not a replay.
    var segments = [own]
    var (previous, later) = (row["replayAfter"] as Int64?, id)
    while let game = previous {
      guard game < later,
        let earlier = try Row.fetchOne(db, sql: "SELECT replay, replayAfter FROM game WHERE id = ?", arguments: [game]),
        let lines = earlier["replay"] as String?
      else { return RecordedGame(id: id, record: record, replay: nil) }
      segments.insert(lines, at: 0)
      (previous, later) = (earlier["replayAfter"], game)
    }
    return RecordedGame(id: id, record: record, replay: ReplaySegment.lines(segments))
  }

  /// The last `limit` recorded games, oldest first, without their replays.
  static func recordedGames(limit: Int, _ db: Database) throws -> [RecordedGame] {
    try Row.fetchAll(db, sql: "SELECT id, record FROM game ORDER BY id DESC LIMIT ?", arguments: [max(0, limit)])
      .reversed()
      .map { row in
        let record = try JSONDecoder().decode(GameRecord.self, from: Data((row["record"] as String).utf8))
        return RecordedGame(id: row["id"], record: record, replay: nil)
      }
  }

  /// A player's last `limit` games' records, oldest first, with when each was recorded.
  static func games(of player: PlayerID, limit: Int, _ db: Database) throws
    -> [(number: Int64, record: String, finishedAt: Date?, ratingChange: Int?)]
  {
    try Row.fetchAll(
      db,
      sql: """
        SELECT game.id, game.record, game.finishedAt, gamePlayer.ratingChange FROM game JOIN gamePlayer ON gamePlayer.game = game.id
        WHERE gamePlayer.player = ? ORDER BY game.id DESC LIMIT ?
        """,
      arguments: [player.rawValue, max(0, limit)]
    ).reversed().map { row in (row["id"], row["record"], row["finishedAt"], row["ratingChange"]) }
  }
}
