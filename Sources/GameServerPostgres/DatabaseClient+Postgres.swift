import Foundation
import GameServerDatabase
import GameServerGame
import GameServerWire
import Logging
import PostgresNIO

extension DatabaseClient {
  /// PostgreSQL, through postgres-nio: the database several servers share. The schema is
  /// created and migrated on first use.
  ///
  /// It keeps the rules of ``DatabaseClient/sqlite(path:roomClosesPerCompaction:commitPolicy:onCommit:onEvent:)``:
  /// room-log lines and finished games are written by group commit off the caller's path
  /// (``PostgresWrites``), a failed line breaks its room's log until a snapshot mends it, and
  /// failures and recoveries are told once each through ``DatabaseClient/storageEvents``. A
  /// server that goes away fails the writes made meanwhile; the connection pool connects again
  /// when it is back.
  ///
  /// ```swift
  /// let database = try await DatabaseClient.postgres(
  ///   PostgresLocation("postgres://game@127.0.0.1:5432/games"))
  /// ```
  ///
  /// Throws a ``StorageProblem`` when the database cannot be reached or migrated.
  public static func postgres(
    _ location: PostgresLocation, commitPolicy: CommitPolicy = .onAppend, onCommit: @escaping @Sendable () -> Void = {},
    onEvent: @escaping @Sendable (StorageEvent) -> Void = { _ in },
    connectWithin timeout: Duration = .seconds(10), logger: Logger = DatabaseClient.postgresLogger
  ) async throws(StorageProblem) -> DatabaseClient {
    try await self.postgres(
      location, commitPolicy: commitPolicy, onCommit: onCommit, onEvent: onEvent, connectWithin: timeout,
      logger: logger, joining: { _ in ((), nil) }
    ).database
  }

  /// PostgreSQL, joined (once the database is reached and migrated, before its first write) to
  /// what `joining` makes of its connection pool: a node of a cluster (`GameServerCluster`),
  /// whose fence keeps the room-log writes to the node's own rooms.
  package static func postgres<Member>(
    _ location: PostgresLocation, commitPolicy: CommitPolicy, onCommit: @escaping @Sendable () -> Void,
    onEvent: @escaping @Sendable (StorageEvent) -> Void, connectWithin timeout: Duration, logger: Logger,
    joining: (PostgresClient) async throws -> (member: Member, fence: PostgresWrites.Fence?)
  ) async throws(StorageProblem) -> (database: DatabaseClient, member: Member) {
    let client = PostgresClient(configuration: location.configuration, backgroundLogger: logger)
    // NB: The pool works while this runs: for as long as the process does, once it has started.
    let running = Task { await client.run() }
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await PostgresSchema.migrate(client, logger: logger) }
        // NB: The pool tries again and again to reach a server that is down; a server that
        // cannot start says so rather than wait.
        group.addTask {
          try await Task.sleep(for: timeout)
          throw StorageProblem.failed("PostgreSQL at \(location) is unreachable (no connection within \(timeout))")
        }
        defer { group.cancelAll() }
        try await group.next()
      }
    } catch {
      running.cancel()
      throw StorageProblem(postgres: error)
    }
    let (member, fence): (Member, PostgresWrites.Fence?)
    do {
      (member, fence) = try await joining(client)
    } catch {
      running.cancel()
      throw StorageProblem(postgres: error)
    }
    let broadcast = StorageEventBroadcast()
    let emit: @Sendable (StorageEvent) -> Void = { event in
      onEvent(event)
      broadcast.yield(event)
    }
    let writes = PostgresWrites(
      client: client, logger: logger, policy: commitPolicy, fence: fence,
      onEvent: emit, onCommit: onCommit)
    let roomLog = PostgresRoomLog(writes: writes, events: emit)

    let database = DatabaseClient(
      createAccount: { account in
        do {
          try await client.query(
            """
            INSERT INTO account (player, name, password_hash)
            VALUES (\(account.player.rawValue), \(account.name), \(account.passwordHash))
            """,
            logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
          throw DatabaseClientError.nameTaken(account.name)
        }
      },
      fetchAccount: { name in
        let rows = try await client.query(
          "SELECT player, name, password_hash FROM account WHERE lower(name) = lower(\(name))", logger: logger)
        for try await (player, name, hash) in rows.decode((String, String, String).self) {
          return AccountRecord(player: PlayerID(rawValue: player), name: name, passwordHash: hash)
        }
        return nil
      },
      insertSession: { session in
        try await client.withTransaction(logger: logger) { connection in
          try await PostgresSessionTable.insert(session, connection, logger)
        }
      },
      fetchSession: { hash in try await PostgresSessionTable.fetch(hash, client, logger) },
      replaceSession: { old, new, graceUntil in
        try await client.withTransaction(logger: logger) { connection in
          try await PostgresSessionTable.replace(old, with: new, graceUntil: graceUntil, connection, logger)
        }
      },
      revokeSession: { hash in
        try await client.withConnection { connection in try await PostgresSessionTable.revoke(hash, connection, logger)
        }
      },
      fetchRatings: { player in try await PostgresGameTable.ratings(of: player, client, logger) },
      fetchLeaderboard: { variant, limit in
        try await PostgresGameTable.leaderboard(variant, limit: limit, client, logger)
      },
      fetchGames: { player, limit in try await PostgresGameTable.games(of: player, limit: limit, client, logger) },
      fetchRecordedGame: { id in try await PostgresGameTable.recordedGame(id, client, logger) },
      fetchRecordedGames: { limit in try await PostgresGameTable.recordedGames(limit: limit, client, logger) },
      appendRoomLog: { entry in roomLog.append(entry) },
      closeRoomLog: { room in roomLog.close(room) },
      restartRoomLog: { snapshot in roomLog.restart(snapshot) },
      roomLogStatus: { ticket in roomLog.progress.status(ticket) },
      storageEvents: { broadcast.stream() },
      fetchRoomLogs: {
        await writes.waitUntilWritten()
        var logs: [RoomID: [RoomLogEntry]] = [:]
        for try await (room, sequence, payload) in try await client.query(
          "SELECT room, sequence, payload FROM room_log ORDER BY room, sequence", logger: logger
        ).decode((String, Int, String).self) {
          logs.append(room: room, sequence: sequence, payload: payload)
        }
        return logs
      },
      flush: { await writes.waitUntilWritten() },
      commitQueued: { writes.commitQueued() },
      close: { await writes.waitUntilWritten() }
    )
    return (database, member)
  }

  /// What the PostgreSQL client logs by default: errors only (a server logs more by passing its
  /// own logger).
  public static var postgresLogger: Logger {
    var logger = Logger(label: "game-server.postgres")
    logger.logLevel = .error
    return logger
  }
}
