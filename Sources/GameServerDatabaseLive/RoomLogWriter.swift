import GameServerDatabase
import GRDB
import GameServerModels
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
  private let batched: BatchedWrites
  private let closesPerCompaction: Int
  private let events: @Sendable (StorageEvent) -> Void
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
    BatchedWrites.Write(
      run: { db in
        // NB: A line queued before an earlier one failed (or after a snapshot that failed) must
        // not land after the gap: it is not written, and it has failed already.
        if !restarting, self.progress.status(ticket) == .failed { return nil }
        if restarting { try self.close(entry.room, db) }
        // NB: One per move: a prepared statement kept by the connection, not parsed each time.
        try db.cachedStatement(sql: RoomLogTable.append)
          .execute(arguments: [entry.room.rawValue, entry.sequence, entry.payload])
        let ratings = try entry.finishedGame.map { try GameTable.record($0, db) }
        return {
          if restarting {
            if self.progress.restarted(ticket) { self.events(.roomLogRestored(entry.room)) }
          } else {
            self.progress.committed(ticket)
          }
          if let game = entry.finishedGame, let ratings {
            self.events(.gameRecorded(entry.room, game.variant, ratings: ratings))
          }
        }
      },
      fail: { _ in
        if self.progress.failed(ticket) { self.events(.roomLogFailed(entry.room)) }
      })
  }

  /// Closes a room's log so far; once enough rooms have closed, queues a compaction.
  private func close(_ room: RoomID, _ db: Database) throws {
    try db.cachedStatement(sql: RoomLogTable.close).execute(arguments: [room.rawValue])
    let compacting = self.closedSinceCompaction.withLock { count -> Bool in
      count += 1
      guard count >= self.closesPerCompaction else { return false }
      count = 0
      return true
    }
    // NB: A write of its own, after this one's transaction: a pass over the whole log does not
    // hold back the lines (and the views that wait for them) committed with the close.
    if compacting {
      self.batched.append(BatchedWrites.Write(run: { db in try RoomLogTable.compact(db); return nil }, fail: { _ in }))
    }
  }
}
