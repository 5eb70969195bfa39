import GRDB
import GameServerDatabase
import GameServerRatings
import GameServerWire
import Synchronization

/// Room-log lines queued on ``BatchedWrites``, with their progress: a line commits, or fails and
/// breaks its room's log (later lines are refused, even those already queued, so a log never
/// has a gap) until a snapshot that commits mends it. A line that ends a game records the game
/// in the same transaction.
///
/// ```swift
/// writer.append(RoomLogEntry(room: id, sequence: 4, encoding: event))
/// writer.progress.status(RoomLogTicket(room: id, sequence: 4))   // .pending, then .committed
/// ```
final class RoomLogWriter: Sendable {
  let progress = RoomLogProgress()
  /// The open rooms' lines, for the replays of the games they end.
  let lines = RoomLogLines()
  private let batched: BatchedWrites
  private let closesPerCompaction: Int
  fileprivate let events: @Sendable (StorageEvent) -> Void
  /// Rooms closed since the last compaction; counted on the writer's queue.
  private let closedSinceCompaction = Mutex(0)

  init(batched: BatchedWrites, closesPerCompaction: Int, events: @escaping @Sendable (StorageEvent) -> Void) {
    self.batched = batched
    self.closesPerCompaction = closesPerCompaction
    self.events = events
  }

  /// Queues a line, unless its room's log is broken.
  func append(_ entry: RoomLogEntry) {
    let ticket = entry.ticket
    guard self.progress.mayAppend(ticket) else { return }
    self.batched.append(self.write(entry, ticket, restarting: false))
  }

  /// Queues a snapshot that starts the room's log again (and mends it if broken): closing the
  /// old log and writing the snapshot are one write, so one transaction.
  func restart(_ snapshot: RoomLogEntry) {
    let ticket = snapshot.ticket
    self.progress.willRestart(ticket)
    self.batched.append(self.write(snapshot, ticket, restarting: true))
  }

  func close(_ room: RoomID) {
    self.batched.append(
      BatchedWrites.Write(
        run: { db in
          try self.close(room, db)
          return { self.progress.closed(room) }
        },
        fail: { _ in }))
  }

  private func write(_ entry: RoomLogEntry, _ ticket: RoomLogTicket, restarting: Bool) -> BatchedWrites.Write {
    // NB: Each closure captures only the line, which Swift then uses as its context: one
    //     allocation per line, not one per closure.
    let line = QueuedLine(writer: self, entry: entry, ticket: ticket, restarting: restarting)
    return BatchedWrites.Write(run: { db in try line.run(db) }, fail: { _ in line.fail() })
  }

  /// One queued line: what its write does in the transaction, after the commit, and on failure.
  private final class QueuedLine: Sendable {
    let writer: RoomLogWriter
    let entry: RoomLogEntry
    let ticket: RoomLogTicket
    let restarting: Bool

    init(writer: RoomLogWriter, entry: RoomLogEntry, ticket: RoomLogTicket, restarting: Bool) {
      self.writer = writer
      self.entry = entry
      self.ticket = ticket
      self.restarting = restarting
    }

    func run(_ db: Database) throws -> (@Sendable () -> Void)? {
      // NB: A line queued before an earlier one failed (or after a snapshot that failed) must
      // not land after the gap: it is not written, and it has failed already.
      if !self.restarting, self.writer.progress.status(self.ticket) == .failed { return nil }
      let room = self.entry.room
      if self.restarting { try self.writer.close(room, db) }
      let payload = self.entry.payload
      // NB: One per move: a prepared statement kept by the connection, not parsed each time.
      try db.cachedStatement(sql: RoomLogTable.append).execute(arguments: [room.rawValue, self.entry.sequence, payload])
      self.writer.lines.add(room, sequence: self.entry.sequence, payload: payload, startsLog: self.restarting)
      guard let game = self.entry.finishedGame else { return { self.committed(ratings: nil) } }
      let sequence = self.entry.sequence
      let (id, ratings) = try GameTable.record(
        game, replay: try self.writer.segment(of: room, through: sequence, db), db)
      return {
        // NB: Once committed: a batch that failed is written again one write at a time.
        self.writer.lines.recorded(room, as: id, through: sequence)
        self.committed(ratings: ratings)
      }
    }

    private func committed(ratings: [PlayerID: RatingUpdate]?) {
      if self.restarting {
        if self.writer.progress.restarted(self.ticket) { self.writer.events(.roomLogRestored(self.entry.room)) }
      } else {
        self.writer.progress.committed(self.ticket)
      }
      if let game = self.entry.finishedGame, let ratings {
        self.writer.events(.gameRecorded(self.entry.room, game.variant, ratings: ratings))
      }
    }

    func fail() {
      if self.writer.progress.failed(self.ticket) { self.writer.events(.roomLogFailed(self.entry.room)) }
    }
  }

  /// The game's part of its replay, which ends with line `sequence`, just written: from the lines
  /// kept, or the log read back once when this writer did not see it start (after a restart).
  fileprivate func segment(of room: RoomID, through sequence: Int, _ db: Database) throws -> ReplaySegment? {
    if let segment = self.lines.segment(of: room, through: sequence) { return segment }
    let rows = try Row.fetchAll(
      db.cachedStatement(sql: RoomLogTable.roomLines), arguments: [room.rawValue, room.rawValue])
    self.lines.adopt(room, lines: rows.map { (sequence: $0["sequence"], payload: $0["payload"]) })
    return self.lines.segment(of: room, through: sequence)
  }

  /// Closes a room's log so far; once enough rooms have closed, queues a compaction.
  fileprivate func close(_ room: RoomID, _ db: Database) throws {
    try db.cachedStatement(sql: RoomLogTable.close).execute(arguments: [room.rawValue])
    self.lines.forget(room)
    let compacting = self.closedSinceCompaction.withLock { count -> Bool in
      count += 1
      guard count >= self.closesPerCompaction else { return false }
      count = 0
      return true
    }
    // NB: A write of its own, after this one's transaction: a pass over the whole log does not
    // hold back the lines (and the views that wait for them) committed with the close.
    if compacting {
      self.batched.append(
        BatchedWrites.Write(
          run: { db in
            try RoomLogTable.compact(db)
            return nil
          }, fail: { _ in }))
    }
  }
}
