import DatabaseClient
import Dispatch
import Foundation
import GRDB
import GameCore
import ServerModels
import Synchronization

extension DatabaseClient {
  /// The embedded database: SQLite through GRDB, in a file (WAL mode), created and migrated on
  /// first use.
  ///
  /// Room-log writes and finished games go through ``BatchedWrites``: in order, off the
  /// caller's path, many to a transaction; a failed room-log write is reported on standard
  /// error.
  ///
  /// ```swift
  /// let database = try DatabaseClient.sqlite(path: "data/game-server.sqlite")
  /// ```
  ///
  /// The room log is append-only; the lines of closed rooms are deleted when the database is
  /// opened and after every `roomClosesPerCompaction` rooms that close.
  ///
  /// Throws a ``StorageProblem`` when the database cannot be opened, migrated or written.
  public static func sqlite(
    path: String, roomClosesPerCompaction: Int = RoomLogTable.closesPerCompaction
  ) throws(StorageProblem) -> DatabaseClient {
    do {
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      var configuration = Configuration()
      configuration.prepareDatabase { db in
        // NB: In WAL mode NORMAL syncs at checkpoints, not at every commit: a crash of the
        // process loses nothing committed; a power cut may lose the last commits.
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
      }
      return try self.sqlite(
        writer: DatabasePool(path: path, configuration: configuration), roomClosesPerCompaction: roomClosesPerCompaction)
    } catch {
      throw StorageProblem(error)
    }
  }

  /// An SQLite database in memory, with the same schema: for tests.
  public static func sqliteInMemory() throws -> DatabaseClient {
    try self.sqlite(writer: DatabaseQueue(), roomClosesPerCompaction: RoomLogTable.closesPerCompaction)
  }

  static func sqlite(writer: some DatabaseWriter, roomClosesPerCompaction: Int) throws -> DatabaseClient {
    try Schema.migrator.migrate(writer)
    try writer.write { db in try RoomLogTable.compact(db) }
    let batched = BatchedWrites(writer: writer)
    /// Rooms closed since the last compaction; counted on the writer's queue.
    let closedSinceCompaction = Mutex(0)

    /// Appends a line to a room's log. One per move: a prepared statement kept by the
    /// connection, not parsed each time.
    @Sendable func append(_ entry: RoomLogEntry, _ db: Database) throws {
      try db.cachedStatement(sql: RoomLogTable.append)
        .execute(arguments: [entry.room.rawValue, entry.sequence, entry.payload])
    }

    /// Closes a room's log so far, and compacts once enough rooms have closed.
    @Sendable func close(_ room: RoomID, _ db: Database) throws {
      try db.cachedStatement(sql: RoomLogTable.close).execute(arguments: [room.rawValue])
      let compacting = closedSinceCompaction.withLock { count -> Bool in
        count += 1
        guard count >= roomClosesPerCompaction else { return false }
        count = 0
        return true
      }
      if compacting { try RoomLogTable.compact(db) }
    }

    @Sendable func queueWrite(_ work: @escaping @Sendable (Database) throws -> Void) {
      batched.append(work)
    }

    return DatabaseClient(
      createAccount: { account in
        do {
          try await writer.write { db in
            try db.execute(
              sql: "INSERT INTO account (player, name, passwordHash) VALUES (?, ?, ?)",
              arguments: [account.player.rawValue, account.name, account.passwordHash])
          }
        } catch let error as GRDB.DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
          throw DatabaseClientError.nameTaken(account.name)
        }
      },
      fetchAccount: { name in
        try await writer.read { db in
          try Row.fetchOne(
            db, sql: "SELECT player, name, passwordHash FROM account WHERE name = ? COLLATE NOCASE",
            arguments: [name]
          ).map { row in
            AccountRecord(player: PlayerID(rawValue: row["player"] as String), name: row["name"], passwordHash: row["passwordHash"])
          }
        }
      },
      insertSession: { session in
        try await writer.write { db in try SessionTable.insert(session, db) }
      },
      fetchSession: { hash in
        try await writer.read { db in try SessionTable.fetch(hash, db) }
      },
      replaceSession: { old, new, graceUntil in
        try await writer.write { db in try SessionTable.replace(old, with: new, graceUntil: graceUntil, db) }
      },
      revokeSession: { hash in
        try await writer.write { db in try SessionTable.revoke(hash, db) }
      },
      fetchRatings: { player in
        try await writer.read { db in
          try Self.ratings(db, player)
        }
      },
      recordGame: { game in
        // NB: Finished games join the room-log writes' transactions (one commit for many), and
        // are encoded there, off the rooms' thread.
        return try await batched.write { db in
          let record = try game.jsonText ?? JSONStreamEncoder.string(game)
          try db.cachedStatement(sql: "INSERT INTO game (room, variant, record) VALUES (?, ?, ?)")
            .execute(arguments: [game.room.rawValue, game.variant.rawValue, record])
          let id = db.lastInsertedRowID
          for player in Set(game.players) {
            try db.cachedStatement(sql: "INSERT INTO gamePlayer (game, player) VALUES (?, ?)")
              .execute(arguments: [id, player.rawValue])
          }
          let current = { (player: PlayerID) -> Int in
            (try? Int.fetchOne(
              db.cachedStatement(sql: "SELECT rating FROM rating WHERE player = ? AND variant = ?"),
              arguments: [player.rawValue, game.variant.rawValue])) ?? Elo.initialRating
          }
          let updated = GameRatings.newRatings(for: game, current: current)
          let outcome = GameRatings.outcome(of: game)
          for (player, name) in zip(game.players, game.names) where !game.bots.contains(player) {
            let column =
              switch outcome[player] {
              case .win?: "wins"
              case .loss?: "losses"
              case .draw?, nil: "draws"
              }
            let rating = updated[player] ?? current(player)
            // NB: Three fixed statements (one per counter), prepared once like the others.
            try db.cachedStatement(
              sql: """
                INSERT INTO rating (player, variant, name, rating, \(column)) VALUES (?, ?, ?, ?, 1)
                ON CONFLICT (player, variant) DO UPDATE SET
                  name = excluded.name, rating = excluded.rating, \(column) = \(column) + 1
                """
            )
            .execute(arguments: [player.rawValue, game.variant.rawValue, name, rating])
          }
          return updated
        }
      },
      fetchLeaderboard: { variant, limit in
        try await writer.read { db in
          try Row.fetchAll(
            db,
            sql: """
              SELECT name, rating, wins, losses, draws FROM rating WHERE variant = ?
              ORDER BY rating DESC, name ASC LIMIT ?
              """,
            arguments: [variant.rawValue, limit]
          ).map { row in
            LeaderboardEntry(
              name: row["name"], rating: row["rating"], wins: row["wins"], losses: row["losses"],
              draws: row["draws"])
          }
        }
      },
      fetchGames: { player in
        let records = try await writer.read { db in
          try String.fetchAll(
            db,
            sql: """
              SELECT game.record FROM game JOIN gamePlayer ON gamePlayer.game = game.id
              WHERE gamePlayer.player = ? ORDER BY game.id
              """,
            arguments: [player.rawValue])
        }
        return try records.map { try JSONDecoder().decode(GameRecord.self, from: Data($0.utf8)) }
      },
      appendRoomLog: { entry in
        queueWrite { db in try append(entry, db) }
      },
      closeRoomLog: { room in
        queueWrite { db in try close(room, db) }
      },
      restartRoomLog: { snapshot in
        // NB: One write, so one transaction: never a closed log without its new snapshot.
        queueWrite { db in
          try close(snapshot.room, db)
          try append(snapshot, db)
        }
      },
      fetchRoomLogs: {
        await batched.waitUntilWritten()
        let rows: [Row] = try await writer.read { db in
          try Row.fetchAll(db, sql: RoomLogTable.openLines)
        }
        var logs: [RoomID: [RoomLogEntry]] = [:]
        for row in rows {
          let room = RoomID(rawValue: row["room"])
          logs[room, default: []].append(RoomLogEntry(room: room, sequence: row["sequence"], payload: row["payload"]))
        }
        return logs
      },
      flush: { await batched.waitUntilWritten() }
    )
  }

  static func ratings(_ db: Database, _ player: PlayerID) throws -> [GameVariant: Int] {
    var ratings: [GameVariant: Int] = [:]
    for row in try Row.fetchAll(
      db, sql: "SELECT variant, rating FROM rating WHERE player = ?", arguments: [player.rawValue])
    {
      if let variant = GameVariant(rawValue: row["variant"]) { ratings[variant] = row["rating"] }
    }
    return ratings
  }
}
