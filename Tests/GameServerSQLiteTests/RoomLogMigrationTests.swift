import Foundation
import GRDB
import GameServerDatabase
import GameServerGame
import GameServerSQLite
import Testing

/// A database written by the first schema keeps its open rooms' logs, its sessions and its
/// ratings (a guest's, told then by the player id, is still not listed), and its games (with no
/// replay, and no rating change).
struct RoomLogMigrationTests {
  @Test func aLogKeyedByRoomIsCarriedOver() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("db-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("game.sqlite").path
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    // NB: The room log as the first schema made it, and GRDB's record of that migration.
    try await DatabaseQueue(path: path).write { db in
      try db.execute(
        sql: """
          CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
          INSERT INTO grdb_migrations VALUES ('v1');
          CREATE TABLE roomLog (
            room TEXT NOT NULL, sequence INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (room, sequence)
          );
          INSERT INTO roomLog VALUES ('room-2', 1, 'b1'), ('room-1', 1, 'a1'), ('room-2', 0, 'b0'), ('room-1', 0, 'a0');
          CREATE TABLE session (
            tokenHash TEXT PRIMARY KEY NOT NULL, player TEXT NOT NULL, name TEXT NOT NULL,
            isGuest BOOLEAN NOT NULL, createdAt DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
          );
          INSERT INTO session VALUES ('h1', 'ada', 'Ada', 0, '2026-01-01 00:00:00');
          CREATE TABLE rating (
            player TEXT NOT NULL, variant TEXT NOT NULL, name TEXT NOT NULL, rating INTEGER NOT NULL,
            wins INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0, draws INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (player, variant)
          );
          INSERT INTO rating (player, variant, name, rating) VALUES ('ada', 'tictactoe', 'Ada', 1216),
            ('guest-7f3a', 'tictactoe', 'bea', 1300);
          CREATE TABLE game (
            id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, variant TEXT NOT NULL, record TEXT NOT NULL,
            finishedAt DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
          );
          INSERT INTO game (room, variant, record) VALUES ('room-0', 'tictactoe',
            '{"room":"room-0","variant":"tictactoe","players":["ada","guest-7f3a"],"names":["Ada","bea"],"bots":[],"winners":["ada"],"moves":"[]"}');
          CREATE TABLE gamePlayer (
            game INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE, player TEXT NOT NULL, PRIMARY KEY (game, player)
          );
          INSERT INTO gamePlayer VALUES (1, 'ada'), (1, 'guest-7f3a');
          """)
    }
    let database = try DatabaseClient.sqlite(path: path)
    #expect(try await database.fetchLeaderboard(GameVariant(game: "tictactoe"), 10).map(\.name) == ["Ada"])
    let logs = try await database.fetchRoomLogs()
    #expect(logs["room-1"]?.map(\.payload) == ["a0", "a1"])
    #expect(logs["room-2"]?.map(\.payload) == ["b0", "b1"])
    database.closeRoomLog("room-1")
    database.appendRoomLog(RoomLogEntry(room: "room-2", sequence: 2, payload: "b2"))
    #expect(try await database.fetchRoomLogs().mapValues { $0.map(\.payload) } == ["room-2": ["b0", "b1", "b2"]])
    // A session from then expires 30 days after it was made.
    let session = try #require(try await database.fetchSession("h1"))
    #expect(session.issuedAt == Date(timeIntervalSince1970: 1_767_225_600))
    #expect(session.expiresAt == Date(timeIntervalSince1970: 1_767_225_600 + 30 * 86_400))
    // A game recorded before replays were kept has none, and says so when exported.
    let game = try #require(try await database.fetchRecordedGame(1))
    #expect(game.record.winners == ["ada"] && game.replay == nil)
    #expect(throws: RecordedGameError.noReplay(1)) { try game.exported() }
    // Nor did it keep how it moved the ratings: the history says nothing of it.
    let history = try await database.fetchGames("ada", 10)
    #expect(history.map(\.number) == [1] && history.map(\.ratingChange) == [nil])
    // The players' rows and ratings, keyed by player since v9, are all there.
    #expect(try await database.fetchGames("guest-7f3a", 10).map(\.number) == [1])
    #expect(try await database.fetchRatings("guest-7f3a") == [GameVariant(game: "tictactoe"): 1300])
    #expect(try await database.fetchLeaderboard(GameVariant(game: "tictactoe"), 10).map(\.rating) == [1216])
  }
}
