import GameServerWire
import Synchronization

/// Which room-log lines are queued, committed or failed, room by room: what
/// ``DatabaseClient/roomLogStatus`` answers from. Safe from any thread.
///
/// A room's log is broken from the first line that fails: later lines are refused before they
/// are written, so a log never has a gap that a replay would cross, until a snapshot that
/// commits mends it. Lines queued after a snapshot that is on its way are taken: they follow it
/// in the log, and fail with it if it fails.
///
/// ```swift
/// if progress.mayAppend(ticket) { queue(line) }
/// progress.committed(ticket)          // once its transaction commits
/// progress.status(ticket)             // .committed
/// ```
package final class RoomLogProgress: Sendable {
  private struct Room {
    var committed = Int.min
    /// The first line that failed, while the log is broken.
    var brokenFrom: Int?
    /// The latest snapshot queued and not yet committed or failed.
    var restarting: Int?

    /// Whether `sequence` is a line lost to the break: after it, and before any snapshot on
    /// its way.
    func isLost(_ sequence: Int) -> Bool {
      guard let brokenFrom, sequence >= brokenFrom else { return false }
      return sequence < (self.restarting ?? .max)
    }
  }

  private let rooms = Mutex<[RoomID: Room]>([:])

  package init() {}

  /// Starts tracking a line about to be queued; false (and nothing is queued) when the room's
  /// log is broken and no snapshot is on its way to mend it.
  package func mayAppend(_ ticket: RoomLogTicket) -> Bool {
    self.rooms.withLock { rooms in
      let room = rooms[ticket.room, default: Room()]
      rooms[ticket.room] = room
      return !room.isLost(ticket.sequence)
    }
  }

  /// Starts tracking a snapshot about to be queued (allowed even when the log is broken).
  package func willRestart(_ ticket: RoomLogTicket) {
    self.rooms.withLock { rooms in
      rooms[ticket.room, default: Room()].restarting = ticket.sequence
    }
  }

  /// A line committed.
  package func committed(_ ticket: RoomLogTicket) {
    self.rooms.withLock { rooms in
      guard var room = rooms[ticket.room] else { return }
      room.committed = max(room.committed, ticket.sequence)
      rooms[ticket.room] = room
    }
  }

  /// A snapshot committed: the log is whole again from it. Returns whether it mended a broken
  /// log.
  package func restarted(_ ticket: RoomLogTicket) -> Bool {
    self.rooms.withLock { rooms in
      var room = rooms[ticket.room, default: Room()]
      // NB: Lines are written in order: a break before the snapshot is behind it now.
      let mended = room.brokenFrom.map { $0 < ticket.sequence } ?? false
      if mended { room.brokenFrom = nil }
      if room.restarting == ticket.sequence { room.restarting = nil }
      room.committed = max(room.committed, ticket.sequence)
      rooms[ticket.room] = room
      return mended
    }
  }

  /// A line or snapshot failed. Returns whether the room should hear of it: this broke a log
  /// that was whole, or it was the snapshot meant to mend it.
  package func failed(_ ticket: RoomLogTicket) -> Bool {
    self.rooms.withLock { rooms in
      var room = rooms[ticket.room, default: Room()]
      let wasWhole = room.brokenFrom == nil
      let wasMending = room.restarting == ticket.sequence
      if wasMending { room.restarting = nil }
      room.brokenFrom = min(room.brokenFrom ?? ticket.sequence, ticket.sequence)
      rooms[ticket.room] = room
      return wasWhole || wasMending
    }
  }

  /// A room's log was closed: nothing more is tracked for it.
  package func closed(_ room: RoomID) {
    _ = self.rooms.withLock { $0.removeValue(forKey: room) }
  }

  package func status(_ ticket: RoomLogTicket) -> RoomLogStatus {
    self.rooms.withLock { rooms in
      guard let room = rooms[ticket.room] else { return .committed }
      if room.isLost(ticket.sequence) { return .failed }
      return ticket.sequence <= room.committed ? .committed : .pending
    }
  }

  /// How many rooms are tracked (for tests of boundedness).
  package var count: Int { self.rooms.withLock { $0.count } }
}
