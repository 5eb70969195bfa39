import GRDB

/// The SQLite schema, as migrations.
enum Schema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE account (
            player TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            passwordHash TEXT NOT NULL,
            createdAt DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
          );
          CREATE TABLE session (
            tokenHash TEXT PRIMARY KEY NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            isGuest BOOLEAN NOT NULL,
            createdAt DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
          );
          CREATE TABLE rating (
            player TEXT NOT NULL,
            variant TEXT NOT NULL,
            name TEXT NOT NULL,
            rating INTEGER NOT NULL,
            wins INTEGER NOT NULL DEFAULT 0,
            losses INTEGER NOT NULL DEFAULT 0,
            draws INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (player, variant)
          );
          CREATE INDEX rating_by_variant ON rating (variant, rating DESC);
          CREATE TABLE game (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            room TEXT NOT NULL,
            variant TEXT NOT NULL,
            record TEXT NOT NULL,
            finishedAt DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
          );
          CREATE TABLE gamePlayer (
            game INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
            player TEXT NOT NULL,
            PRIMARY KEY (game, player)
          );
          CREATE INDEX gamePlayer_by_player ON gamePlayer (player);
          CREATE TABLE roomLog (
            room TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            payload TEXT NOT NULL,
            PRIMARY KEY (room, sequence)
          );
          """)
    }
    // NB: The room log was keyed by (room, sequence): each room's newest rows sat on a page of
    // their own, so every commit wrote one page per room that moved. It is now append-only in
    // insertion order (new rows share the last pages), a closed room is a row in closedRoom
    // until compaction deletes its lines, and nothing indexes the log by room.
    migrator.registerMigration("v2: append-only room log") { db in
      try db.execute(
        sql: """
          ALTER TABLE roomLog RENAME TO roomLogByRoom;
          CREATE TABLE roomLog (
            id INTEGER PRIMARY KEY,
            room TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            payload TEXT NOT NULL
          );
          INSERT INTO roomLog (room, sequence, payload)
            SELECT room, sequence, payload FROM roomLogByRoom ORDER BY room, sequence;
          DROP TABLE roomLogByRoom;
          CREATE TABLE closedRoom (
            room TEXT PRIMARY KEY NOT NULL,
            lastLine INTEGER NOT NULL
          );
          """)
    }
    // NB: Tokens expire, resuming replaces them, and logging out revokes them: a session knows
    // when it was issued and expires (seconds since 1970), and the token it replaced.
    migrator.registerMigration("v3: expiring sessions") { db in
      try db.execute(
        sql: """
          ALTER TABLE session ADD COLUMN issuedAt REAL NOT NULL DEFAULT 0;
          ALTER TABLE session ADD COLUMN expiresAt REAL NOT NULL DEFAULT 0;
          ALTER TABLE session ADD COLUMN predecessor TEXT;
          UPDATE session SET issuedAt = CAST(strftime('%s', createdAt) AS REAL);
          UPDATE session SET expiresAt = issuedAt + 30 * 86400;
          CREATE INDEX session_by_expiry ON session (expiresAt);
          CREATE INDEX session_by_player ON session (player, issuedAt);
          """)
    }
    // NB: While writes fail, a probe writes here every second to tell when they work again.
    migrator.registerMigration("v4: write probe") { db in
      try db.execute(sql: "CREATE TABLE writeProbe (id INTEGER PRIMARY KEY, at REAL NOT NULL)")
    }
    // NB: Whether a rating is a guest's is stored with it, not read from the player's id.
    migrator.registerMigration("v5: guest ratings") { db in
      try db.execute(
        sql: """
          ALTER TABLE rating ADD COLUMN isGuest BOOLEAN NOT NULL DEFAULT 0;
          UPDATE rating SET isGuest = 1 WHERE player LIKE 'guest-%';
          """)
    }
    // NB: A resume in a token's grace replaces the successor issued from it, found by this index.
    migrator.registerMigration("v6: sessions by predecessor") { db in
      try db.execute(sql: "CREATE INDEX session_by_predecessor ON session (predecessor)")
    }
    // NB: A game's replay (`RecordedGame.replay`), kept with its record: its own lines, and the
    // game of the same log they follow; null for games recorded before.
    migrator.registerMigration("v7: game replays") { db in
      try db.execute(
        sql: """
          ALTER TABLE game ADD COLUMN replay TEXT;
          ALTER TABLE game ADD COLUMN replayAfter INTEGER;
          """)
    }
    // NB: How much each game moved each rated player's rating, for their history; null for a bot
    // and for games recorded before.
    migrator.registerMigration("v8: rating changes") { db in
      try db.execute(sql: "ALTER TABLE gamePlayer ADD COLUMN ratingChange INTEGER")
    }
    // NB: Fewer pages per finished game. A game's players and ratings were rows of rowid tables
    // with their primary keys as separate indexes, and `gamePlayer_by_player` beside: each
    // player's rows touched three B-trees, two of them at a page of their own (the player's).
    // Keyed by player (WITHOUT ROWID), the row is its index: one page a player in each table. A
    // player's games are a range of that key, newest last. The leaderboard lists accounts only,
    // so its index leaves guests out, and a guest's game does not touch it.
    migrator.registerMigration("v9: players and ratings keyed by player") { db in
      try db.execute(
        sql: """
          CREATE TABLE gamePlayerByPlayer (
            player TEXT NOT NULL,
            game INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
            ratingChange INTEGER,
            PRIMARY KEY (player, game)
          ) WITHOUT ROWID;
          INSERT INTO gamePlayerByPlayer (player, game, ratingChange) SELECT player, game, ratingChange FROM gamePlayer;
          DROP TABLE gamePlayer;
          ALTER TABLE gamePlayerByPlayer RENAME TO gamePlayer;
          CREATE TABLE ratingByPlayer (
            player TEXT NOT NULL,
            variant TEXT NOT NULL,
            name TEXT NOT NULL,
            rating INTEGER NOT NULL,
            wins INTEGER NOT NULL DEFAULT 0,
            losses INTEGER NOT NULL DEFAULT 0,
            draws INTEGER NOT NULL DEFAULT 0,
            isGuest BOOLEAN NOT NULL DEFAULT 0,
            PRIMARY KEY (player, variant)
          ) WITHOUT ROWID;
          INSERT INTO ratingByPlayer (player, variant, name, rating, wins, losses, draws, isGuest)
            SELECT player, variant, name, rating, wins, losses, draws, isGuest FROM rating;
          DROP TABLE rating;
          ALTER TABLE ratingByPlayer RENAME TO rating;
          CREATE INDEX rating_by_variant ON rating (variant, rating DESC) WHERE NOT isGuest;
          """)
    }
    return migrator
  }
}
