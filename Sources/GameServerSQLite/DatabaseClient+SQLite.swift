import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import GameServerDatabase
import GameServerGame
import GameServerWire
import Synchronization

extension DatabaseClient {
  /// The embedded database: SQLite through GRDB, in a file (WAL mode), created and migrated on
  /// first use.
  ///
  /// Room-log writes and finished games go through ``BatchedWrites``: in order, off the
  /// caller's path, by group commit (many to a transaction, with no fixed wait); a failed
  /// room-log line breaks that room's log until a snapshot mends it (``RoomLogWriter``), and
  /// failures and recoveries are told once each through ``DatabaseClient/storageEvents``.
  ///
  /// ```swift
  /// let database = try DatabaseClient.sqlite(path: "data/game-server.sqlite")
  /// ```
  ///
  /// The room log is append-only; the lines of closed rooms are deleted when the database is
  /// opened and after every `roomClosesPerCompaction` rooms that close.
  ///
  /// Throws a ``StorageProblem`` when the database cannot be opened, migrated or written.
  ///
  /// `commitPolicy` says when queued writes start committing. `onCommit` is called on the
  /// writer's thread (or, with `.whenAskedOnCaller`, the one that asked) after each group of
  /// writes commits or fails: a server wakes what waits on
  /// ``DatabaseClient/roomLogStatus`` with it. `onEvent` hears every ``StorageEvent`` as it
  /// happens (to log it), besides ``DatabaseClient/storageEvents``.
  public static func sqlite(
    path: String, roomClosesPerCompaction: Int = RoomLogTable.closesPerCompaction,
    commitPolicy: CommitPolicy = .onAppend, onCommit: @escaping @Sendable () -> Void = {},
    onEvent: @escaping @Sendable (StorageEvent) -> Void = { _ in }
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
      var database = try self.sqlite(
        writer: DatabasePool(path: path, configuration: configuration),
        roomClosesPerCompaction: roomClosesPerCompaction,
        commitPolicy: commitPolicy, onCommit: onCommit, onEvent: onEvent)
      let close = database.close
      database.close = {
        try await close()
        // NB: The pool closes its readers last, and a reader, read-only, cannot remove the
        //     write-ahead log it leaves: a connection of its own that writes, the last one open,
        //     removes it as it closes.
        try DatabaseQueue(path: path).close()
      }
      return database
    } catch {
      throw StorageProblem(error)
    }
  }

  /// An SQLite database in memory, with the same schema: for tests.
  public static func sqliteInMemory() throws -> DatabaseClient {
    try self.sqlite(writer: DatabaseQueue(), roomClosesPerCompaction: RoomLogTable.closesPerCompaction)
  }

  static func sqlite(
    writer: some DatabaseWriter, roomClosesPerCompaction: Int, commitPolicy: CommitPolicy = .onAppend,
    onCommit: @escaping @Sendable () -> Void = {}, onEvent: @escaping @Sendable (StorageEvent) -> Void = { _ in }
  ) throws -> DatabaseClient {
    try Schema.migrator.migrate(writer)
    try writer.write { db in try RoomLogTable.compact(db) }
    let broadcast = StorageEventBroadcast()
    let emit: @Sendable (StorageEvent) -> Void = { event in
      onEvent(event)
      broadcast.yield(event)
    }
    let batched = BatchedWrites(writer: writer, policy: commitPolicy, onEvent: emit, onCommit: onCommit)
    let roomLog = RoomLogWriter(batched: batched, closesPerCompaction: roomClosesPerCompaction, events: emit)
    let pages = PagesWritten()

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
            AccountRecord(
              player: PlayerID(rawValue: row["player"] as String), name: row["name"], passwordHash: row["passwordHash"])
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
        try await writer.read { db in try Self.ratings(db, player) }
      },
      fetchLeaderboard: { variant, limit in
        try await writer.read { db in try GameTable.leaderboard(variant, limit: limit, db) }
      },
      fetchGames: { player, limit in
        let records = try await writer.read { db in try GameTable.games(of: player, limit: limit, db) }
        return try records.map { row in
          var record = try JSONDecoder().decode(GameRecord.self, from: Data(row.record.utf8))
          record.finishedAt = row.finishedAt
          record.number = row.number
          record.ratingChange = row.ratingChange
          return record
        }
      },
      fetchRecordedGame: { id in
        try await writer.read { db in try GameTable.recordedGame(id, db) }
      },
      fetchRecordedGames: { limit in
        try await writer.read { db in try GameTable.recordedGames(limit: limit, db) }
      },
      appendRoomLog: { entry in roomLog.append(entry) },
      closeRoomLog: { room in roomLog.close(room) },
      restartRoomLog: { snapshot in roomLog.restart(snapshot) },
      roomLogStatus: { ticket in roomLog.progress.status(ticket) },
      storageEvents: { broadcast.stream() },
      fetchRoomLogs: {
        await batched.waitUntilWritten()
        // NB: GRDB's blocking read (rows are not Sendable): once, at start-up.
        let rows: [Row] = try writer.read { db in
          try Row.fetchAll(db, sql: RoomLogTable.openLines)
        }
        var logs: [RoomID: [RoomLogEntry]] = [:]
        for row in rows { logs.append(room: row["room"], sequence: row["sequence"], payload: row["payload"]) }
        return logs
      },
      flush: { await batched.waitUntilWritten() },
      commitQueued: { batched.commitQueued() },
      logStatistics: { LogStatistics(commits: batched.commits, pagesWritten: pages.read(writer)) },
      close: {
        await batched.waitUntilWritten()
        // NB: The checkpoint copies every page of the write-ahead log into the database file and
        //     empties the log; closing the last connection then removes the -wal and -shm files.
        _ = try await writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try writer.close()
      }
    )
  }

  static func ratings(_ db: Database, _ player: PlayerID) throws -> [GameVariant: Int] {
    var ratings: [GameVariant: Int] = [:]
    for row in try Row.fetchAll(
      db, sql: "SELECT variant, rating FROM rating WHERE player = ?", arguments: [player.rawValue])
    {
      ratings[GameVariant(rawValue: row["variant"])] = row["rating"]
    }
    return ratings
  }
}

/// The pages the writer's connection has written since the database opened: SQLite's own count
/// (`SQLITE_DBSTATUS_CACHE_WRITE`: in WAL mode, the frames appended to the log), read on the
/// writer's connection and added up here, since SQLite's counter is 32 bits and reset on each read.
final class PagesWritten: Sendable {
  private let total = Mutex(0)

  func read(_ writer: some DatabaseWriter) -> Int? {
    let written: Int32? = writer.writeWithoutTransaction { db in
      var (current, highest): (Int32, Int32) = (0, 0)
      guard sqlite3_db_status(db.sqliteConnection, SQLITE_DBSTATUS_CACHE_WRITE, &current, &highest, 1) == SQLITE_OK
      else { return nil }
      return current
    }
    guard let written else { return nil }
    return self.total.withLock { total in
      total += Int(written)
      return total
    }
  }
}
