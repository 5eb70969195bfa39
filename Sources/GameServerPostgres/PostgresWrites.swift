import Foundation
import GameServerDatabase
import GameServerGame
import GameServerRatings
import GameServerWire
import Logging
import PostgresNIO
import Synchronization

/// Writes gathered into shared PostgreSQL transactions, in order, off the caller's thread, by
/// group commit: a write waits only for the commit in progress, and everything queued
/// meanwhile goes into the next one. Room-log lines next to each other in a batch go in one
/// statement (`unnest` of three arrays), with the games they end (``PostgresCommit``): off a
/// cluster, a commit of many moves and games is one round trip when this server knows the
/// players' ratings (``KnownRatings``), and a few otherwise.
///
/// The rules are those of the SQLite writer: the ``CommitPolicy`` says when a commit starts; a
/// batch that PostgreSQL refuses is written again one write per transaction, so a bad write
/// fails alone; a batch that fails because the server is out of reach fails whole. When writes
/// start failing the owner hears `.writesFailing` once; a probe then tries a small write every
/// second, and the first write that works again gives `.writesRecovered`.
///
/// ```swift
/// writes.append(.init(line: line, committed: { progress.committed(ticket) }, fail: { _ in }))
/// ```
package final class PostgresWrites: Sendable {
  /// A room-log line, inserted with its neighbours in one statement.
  struct Line: Sendable {
    var room: RoomID
    var sequence: Int
    var payload: String
  }

  package struct Write: Sendable {
    /// The room it writes to, if any: a node of a cluster writes only to rooms it owns.
    package var room: RoomID?
    /// On a room's snapshot: the people seated, for the cluster's directory (on a seat's event,
    /// those who came back).
    package var seats: [PlayerID]?
    /// The people who left their seats for good, whom the directory seats there no more.
    package var leaves: [PlayerID]?
    /// Whether it closes its room (which leaves the cluster's directory).
    package var closesRoom = false
    /// Inserted before `run` (with the lines of the writes next to it).
    var line: Line?
    /// The game the line ends: recorded, with the other games of the commit, in the statement
    /// of its lines (``PostgresCommit``); `recorded` then hears the new ratings.
    var game: GameRecord?
    /// The game's part of its replay, when the writer knows the room's log (else read from the
    /// log as the game is recorded), and the sequence of the line that ended it.
    var replay: ReplaySegment?
    var ending = 0
    var recorded: (@Sendable ([PlayerID: RatingUpdate]) -> Void)?
    /// Runs in the transaction; returns what to do once it has committed.
    var run: (@Sendable (PostgresConnection, Logger) async throws -> (@Sendable () -> Void)?)?
    /// Whether the write is dropped when its batch is made (a line behind a failed one).
    var isVoid: @Sendable () -> Bool = { false }
    /// Called once it has committed (before what `run` returned).
    var committed: (@Sendable () -> Void)?
    /// Called instead when the write cannot be made.
    var fail: @Sendable (any Error) -> Void
  }

  /// How a node of a cluster keeps its writes to the rooms it owns.
  package struct Fence: Sendable {
    /// Run first in every transaction: registers the rooms being opened, checks that the node
    /// still owns the rooms the writes are for (locking their directory rows until the commit,
    /// so that no node takes them over meanwhile), and returns those it does not own: their
    /// writes are left out and fail.
    package var check: @Sendable (PostgresConnection, Logger, [Write]) async throws -> Set<RoomID>
    /// The rooms the writes are for with the epochs the node holds them at, for a commit of one
    /// statement to check (``PostgresCommit``); nil where only `check` will do (a room opened or
    /// closed, or one the node does not know it holds).
    package var held: @Sendable ([Write]) -> PostgresCommit.Rooms?

    package init(
      check: @escaping @Sendable (PostgresConnection, Logger, [Write]) async throws -> Set<RoomID>,
      held: @escaping @Sendable ([Write]) -> PostgresCommit.Rooms?
    ) {
      self.check = check
      self.held = held
    }
  }

  /// Why a write to a room was refused: another node owns the room now.
  struct RoomLost: Error {}

  /// How long after a failure the probe tries a write.
  static let probeInterval = Duration.seconds(1)

  private let client: PostgresClient
  private let logger: Logger
  private let policy: CommitPolicy
  private let onCommit: @Sendable () -> Void
  private let fence: Fence?
  private let pending = PendingWrites<Write>()
  private let health: WriteHealth
  private let known = KnownRatings()

  init(
    client: PostgresClient, logger: Logger, policy: CommitPolicy, fence: Fence? = nil,
    onEvent: @escaping @Sendable (StorageEvent) -> Void, onCommit: @escaping @Sendable () -> Void
  ) {
    self.client = client
    self.fence = fence
    self.logger = logger
    self.policy = policy
    self.health = WriteHealth(onEvent: onEvent)
    self.onCommit = onCommit
  }

  func append(_ write: Write) {
    let schedule = self.pending.append(write, startingCommit: self.policy == .onAppend)
    if schedule { self.startFlushing() }
  }

  /// Starts committing what is queued, unless a commit is running.
  func commitQueued() {
    let schedule = self.pending.scheduleCommit()
    if schedule { self.startFlushing() }
  }

  /// Returns once every write appended so far is in the database (or has failed): a write that
  /// does nothing, queued last, commits after all of them.
  func waitUntilWritten() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      self.append(Write(committed: { continuation.resume() }, fail: { _ in continuation.resume() }))
      self.commitQueued()
    }
  }

  private func startFlushing() {
    Task { await self.flush() }
  }

  /// Commits what is pending, then what came meanwhile, until nothing is left, on one connection
  /// of the pool for as long as commits follow each other (a lease for each commit would cost a
  /// lease, a release and the pool's idle timer every time). A connection that fails is given
  /// back, and another is leased for what follows.
  private func flush() async {
    var writes = self.pending.take()
    while !writes.isEmpty {
      do {
        try await self.client.withConnection { connection in
          while !writes.isEmpty {
            let usable = await self.commit(writes, on: connection)
            self.onCommit()
            writes = self.pending.take()
            guard usable else { return }
          }
        }
      } catch {
        // NB: No connection could be had: the writes fail, as when the server is out of reach.
        self.noteFailure(error)
        for write in writes where !write.isVoid() { write.fail(error) }
        self.onCommit()
        writes = self.pending.take()
      }
    }
  }

  /// Commits `writes`; returns whether `connection` can still be used (it can after PostgreSQL
  /// refused a statement, not after losing the server).
  private func commit(_ writes: [Write], on connection: PostgresConnection) async -> Bool {
    // NB: Asked as each transaction is made: a line behind one that failed a moment ago in a
    // batch written again one by one is not written either.
    let writes = writes.filter { !$0.isVoid() }
    guard !writes.isEmpty else { return true }
    do {
      let (completions, lost) = try await self.transaction(writes, on: connection)
      for (write, completion) in zip(writes, completions) {
        if let room = write.room, lost.contains(room) {
          write.fail(RoomLost())
        } else {
          write.committed?()
          completion?()
        }
      }
      self.noteSuccess()
      return true
    } catch  where writes.count > 1 && StorageProblem.isStatementError(error) {
      var usable = true
      for write in writes where usable { usable = await self.commit([write], on: connection) }
      return usable
    } catch {
      self.noteFailure(error)
      for write in writes { write.fail(error) }
      return StorageProblem.isStatementError(error)
    }
  }

  /// Runs writes in one transaction, lines next to each other in one statement; returns what
  /// each has to do once committed, and the rooms this node does not own (whose writes were
  /// left out).
  private func transaction(_ writes: [Write], on connection: PostgresConnection) async throws
    -> ([(@Sendable () -> Void)?], Set<RoomID>)
  {
    if let completions = try await self.commitInOneStatement(writes, on: connection) { return (completions, []) }
    let logger = self.logger
    let fence = self.fence
    let (completions, lost, rated) = try await connection.withTransaction(logger: logger) { connection in
      let lost = try await fence?.check(connection, logger, writes) ?? []
      var completions: [(@Sendable () -> Void)?] = []
      var lines: [Line] = []
      var games: [Int] = []
      for (index, write) in writes.enumerated() {
        if let room = write.room, lost.contains(room) {
          completions.append(nil)
          continue
        }
        if let line = write.line { lines.append(line) }
        if write.game != nil { games.append(index) }
        guard let run = write.run else {
          completions.append(nil)
          continue
        }
        try await Self.insert(lines, connection, logger)
        lines = []
        completions.append(try await run(connection, logger))
      }
      guard !games.isEmpty else {
        try await Self.insert(lines, connection, logger)
        return (completions, lost, RatingChanges?.none)
      }
      // NB: The games last, all at once, with the lines after the last `run`: a game recorded
      // between lines would split them into several statements.
      let batch = try GameBatch(games.map { writes[$0] })
      let rated = batch.rate(current: try await PostgresGameTable.lockRatings(batch, connection, logger))
      try await PostgresCommit.write(lines, batch, rated, rooms: nil, connection, logger)
      return (Self.completions(writes, completions, games, rated.results), lost, rated)
    }
    if let rated { self.known.remember(rated.final) }
    return (completions, lost)
  }

  /// Commits `writes` in one statement, which is a transaction of its own (one round trip rather
  /// than BEGIN, the fence, the lines, the ratings locked and read, the games and COMMIT), where
  /// it can: none runs statements of its own, this server knows the ratings of the players of
  /// the games they end, and on a cluster every room they write to is the node's at an epoch it
  /// knows; the statement checks the ratings and the rooms as it writes. Returns what each write
  /// has to do once committed, or nil, with nothing written, where it cannot: a transaction then
  /// commits them.
  private func commitInOneStatement(_ writes: [Write], on connection: PostgresConnection) async throws
    -> [(@Sendable () -> Void)?]?
  {
    guard writes.allSatisfy({ $0.run == nil }) else { return nil }
    var rooms: PostgresCommit.Rooms?
    if let fence = self.fence {
      guard let held = fence.held(writes) else { return nil }
      rooms = held
    }
    let logger = self.logger
    let lines = writes.compactMap(\.line)
    let games = writes.indices.filter { writes[$0].game != nil }
    let none = writes.map { _ in (@Sendable () -> Void)?.none }
    guard !games.isEmpty || rooms != nil else {
      try await Self.insert(lines, connection, logger)
      return none
    }
    let batch = try GameBatch(games.map { writes[$0] })
    guard let current = self.known.ratings(of: batch.keys) else { return nil }
    let rated = batch.rate(current: current)
    do {
      try await PostgresCommit.write(lines, batch, rated, rooms: rooms, connection, logger)
    } catch  where PostgresCommit.isStale(error) {
      // NB: Another server rated the players, or another node holds a room, since this one knew:
      // the transaction reads them again under lock.
      self.known.forget(batch.keys)
      return nil
    }
    self.known.remember(rated.final)
    return Self.completions(writes, none, games, rated.results)
  }

  /// What each write does once committed: its own of `completions`, then, for the writes at
  /// `games`, telling `recorded` the ratings their game gave.
  private static func completions(
    _ writes: [Write], _ completions: [(@Sendable () -> Void)?], _ games: [Int], _ ratings: [[PlayerID: RatingUpdate]]
  ) -> [(@Sendable () -> Void)?] {
    var completions = completions
    for (index, ratings) in zip(games, ratings) {
      let (then, recorded) = (completions[index], writes[index].recorded)
      completions[index] = {
        then?()
        recorded?(ratings)
      }
    }
    return completions
  }

  static func insert(_ lines: [Line], _ connection: PostgresConnection, _ logger: Logger) async throws {
    guard !lines.isEmpty else { return }
    try await InsertLines(lines).run(on: connection, logger: logger)
  }

  /// Room-log lines in one statement, its text the same whatever their number.
  struct InsertLines: FixedStatement {
    static let sql = InsertLines([]).query.sql
    let query: PostgresQuery

    init(_ lines: [Line]) {
      self.query = """
        INSERT INTO room_log (room, sequence, payload)
        SELECT * FROM unnest(\(lines.map(\.room.rawValue))::text[], \(lines.map(\.sequence))::int8[], \(lines.map(\.payload))::text[])
        """
    }
  }

  private func noteSuccess() {
    self.health.succeeded()
  }

  private func noteFailure(_ error: any Error) {
    if self.health.failed(StorageProblem(postgres: error)) { Task { await self.probe() } }
  }

  /// While writes fail, tries a small write every second, so that the server hears when they
  /// work again even if nothing else writes.
  private func probe() async {
    while self.health.isFailing {
      try? await Task.sleep(for: Self.probeInterval)
      guard self.health.isFailing else { return }
      do {
        try await self.client.query(
          "INSERT INTO write_probe (id, at) VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET at = now()",
          logger: self.logger)
        self.noteSuccess()
        self.onCommit()
        return
      } catch {
        continue
      }
    }
  }
}
