import Dependencies
import Foundation
import GameServerGame
import GameServerWire

/// Everything the server keeps: accounts, sessions, finished games, ratings, and the logs of
/// rooms in progress. One closure per query; the live SQLite implementation is in
/// `GameServerSQLite`, and ``inMemory()`` serves tests.
///
/// Writes of room logs are queued (`appendRoomLog` returns at once, in order), so they stay off
/// the path of a move; a message that shows a line waits for its ``RoomLogStatus`` to be
/// committed, and one whose line failed is never sent.
///
/// ```swift
/// @Dependency(\.database) var database
/// let account = try await database.createAccount(record)
/// ```
public struct DatabaseClient: Sendable {
  public var createAccount: @Sendable (AccountRecord) async throws -> Void
  public var fetchAccount: @Sendable (_ name: String) async throws -> AccountRecord?
  /// Stores a new session. Sessions that expired before it was issued are forgotten, and so
  /// are its player's oldest past ``SessionRecord/maxPerPlayer``: the table stays bounded.
  public var insertSession: @Sendable (SessionRecord) async throws -> Void
  public var fetchSession: @Sendable (_ tokenHash: String) async throws -> SessionRecord?
  /// Resuming, in one write: stores `new` (whose `predecessor` is `old`), cuts `old` short to
  /// `graceUntil`, and forgets the session `old` replaced (its first use ends that one's grace).
  public var replaceSession:
    @Sendable (_ old: SessionRecord, _ new: SessionRecord, _ graceUntil: Date) async throws -> Void
  /// Forgets a session: its token resumes nothing any more (logging out).
  public var revokeSession: @Sendable (_ tokenHash: String) async throws -> Void
  public var fetchRatings: @Sendable (PlayerID) async throws -> [GameVariant: Int]
  public var fetchLeaderboard: @Sendable (GameVariant, _ limit: Int) async throws -> [LeaderboardEntry]
  /// A player's last `limit` recorded games, oldest first (what `history` answers with).
  public var fetchGames: @Sendable (PlayerID, _ limit: Int) async throws -> [GameRecord]
  /// A recorded game by its number, with its replay (what `game-server export-game` writes).
  public var fetchRecordedGame: @Sendable (_ id: Int64) async throws -> RecordedGame?
  /// The last `limit` recorded games, oldest first, without their replays.
  public var fetchRecordedGames: @Sendable (_ limit: Int) async throws -> [RecordedGame]
  /// Queues a room log line; returns at once. The line's ``RoomLogStatus`` says when it is
  /// committed. A line of a room whose log is broken (an earlier line failed) is refused.
  public var appendRoomLog: @Sendable (RoomLogEntry) -> Void
  /// Forgets a finished room's log.
  public var closeRoomLog: @Sendable (RoomID) -> Void
  /// Starts a room's log again from a snapshot, forgetting its earlier lines, in one write: a
  /// crash leaves either the old log or the new one. Queued; returns at once. It also mends a
  /// broken log.
  public var restartRoomLog: @Sendable (_ snapshot: RoomLogEntry) -> Void
  /// Where a queued room-log line stands. Lines of rooms the database no longer tracks (closed,
  /// or written before it opened) are committed.
  public var roomLogStatus: @Sendable (RoomLogTicket) -> RoomLogStatus
  /// The database's ``StorageEvent``s, for one reader: failures, recoveries, recorded games.
  public var storageEvents: @Sendable () -> AsyncStream<StorageEvent>
  /// Every open room's log, each in sequence order (waits for queued writes first).
  public var fetchRoomLogs: @Sendable () async throws -> [RoomID: [RoomLogEntry]]
  /// Returns once every write queued so far (room-log lines above all) is committed: what a
  /// server does before it exits.
  public var flush: @Sendable () async -> Void
  /// Starts committing the writes queued so far, if no commit is running: what a database made
  /// with ``CommitPolicy/whenAsked`` waits for. (Nothing to do for one that commits on its own.)
  public var commitQueued: @Sendable () -> Void
  /// What the room log has cost the store so far (``LogStatistics``): its commits and the pages
  /// they wrote, where the store counts them (SQLite does; the others say nothing).
  public var logStatistics: @Sendable () -> LogStatistics
  /// Commits every write queued so far, then closes the store: what a server does last when it
  /// stops. SQLite folds its write-ahead log into the database file and removes the `-wal` and
  /// `-shm` files, so that the file alone, copied after the stop, holds everything. Nothing may
  /// use the client after it. It throws when the store could not close (the writes are
  /// committed, and SQLite's `-wal` file, which then still holds the latest, belongs with the
  /// database).
  public var close: @Sendable () async throws -> Void

  public init(
    createAccount: @escaping @Sendable (AccountRecord) async throws -> Void,
    fetchAccount: @escaping @Sendable (String) async throws -> AccountRecord?,
    insertSession: @escaping @Sendable (SessionRecord) async throws -> Void,
    fetchSession: @escaping @Sendable (String) async throws -> SessionRecord?,
    replaceSession: @escaping @Sendable (SessionRecord, SessionRecord, Date) async throws -> Void,
    revokeSession: @escaping @Sendable (String) async throws -> Void,
    fetchRatings: @escaping @Sendable (PlayerID) async throws -> [GameVariant: Int],
    fetchLeaderboard: @escaping @Sendable (GameVariant, Int) async throws -> [LeaderboardEntry],
    fetchGames: @escaping @Sendable (PlayerID, Int) async throws -> [GameRecord],
    fetchRecordedGame: @escaping @Sendable (Int64) async throws -> RecordedGame? = { _ in nil },
    fetchRecordedGames: @escaping @Sendable (Int) async throws -> [RecordedGame] = { _ in [] },
    appendRoomLog: @escaping @Sendable (RoomLogEntry) -> Void,
    closeRoomLog: @escaping @Sendable (RoomID) -> Void,
    restartRoomLog: @escaping @Sendable (_ snapshot: RoomLogEntry) -> Void,
    roomLogStatus: @escaping @Sendable (RoomLogTicket) -> RoomLogStatus,
    storageEvents: @escaping @Sendable () -> AsyncStream<StorageEvent>,
    fetchRoomLogs: @escaping @Sendable () async throws -> [RoomID: [RoomLogEntry]],
    flush: @escaping @Sendable () async -> Void = {},
    commitQueued: @escaping @Sendable () -> Void = {},
    logStatistics: @escaping @Sendable () -> LogStatistics = { LogStatistics() },
    close: @escaping @Sendable () async throws -> Void = {}
  ) {
    self.createAccount = createAccount
    self.fetchAccount = fetchAccount
    self.insertSession = insertSession
    self.fetchSession = fetchSession
    self.replaceSession = replaceSession
    self.revokeSession = revokeSession
    self.fetchRatings = fetchRatings
    self.fetchLeaderboard = fetchLeaderboard
    self.fetchGames = fetchGames
    self.fetchRecordedGame = fetchRecordedGame
    self.fetchRecordedGames = fetchRecordedGames
    self.appendRoomLog = appendRoomLog
    self.closeRoomLog = closeRoomLog
    self.restartRoomLog = restartRoomLog
    self.roomLogStatus = roomLogStatus
    self.storageEvents = storageEvents
    self.fetchRoomLogs = fetchRoomLogs
    self.flush = flush
    self.commitQueued = commitQueued
    self.logStatistics = logStatistics
    self.close = close
  }
}

/// What a store's writes have cost since it opened: how many commits, and how many database pages
/// they wrote (for SQLite, the frames appended to its write-ahead log: each commit writes every
/// page it changed once, 4 KiB each). A benchmark divides them by the moves played.
public struct LogStatistics: Hashable, Sendable {
  public var commits: Int
  /// Nil where the store does not count them.
  public var pagesWritten: Int?

  public init(commits: Int = 0, pagesWritten: Int? = nil) {
    self.commits = commits
    self.pagesWritten = pagesWritten
  }
}

extension DatabaseClient: TestDependencyKey {
  /// Tests get a fresh in-memory database.
  public static var testValue: DatabaseClient { .inMemory() }
}

extension DependencyValues {
  /// Where the server keeps what outlives a connection.
  public var database: DatabaseClient {
    get { self[DatabaseClient.self] }
    set { self[DatabaseClient.self] = newValue }
  }
}
