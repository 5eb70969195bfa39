import ServerModels
import Synchronization

/// Which room-log lines are queued, committed or failed, room by room: what
/// ``DatabaseClient/roomLogStatus`` answers from. Safe from any thread.
///
/// A room's log is broken from the first line that fails: later lines are refused before they
/// are written, so a log never has a gap that a replay would cross, until a snapshot that
/// commits mends it.
///
/// ```swift
/// if progress.mayAppend(ticket) { queue(line) }
/// progress.committed(ticket)          // once its transaction commits
/// progress.status(ticket)             // .committed
/// ```
package final class RoomLogProgress: Sendable {
  private struct Room {
    var committed = Int.min
    var brokenFrom: Int?
  }

  private let rooms = Mutex<[RoomID: Room]>([:])

  package init() {}

  /// Starts tracking a line about to be queued; false (and nothing is queued) when the room's
  /// log is broken.
  package func mayAppend(_ ticket: RoomLogTicket) -> Bool {
    self.rooms.withLock { rooms in
      let room = rooms[ticket.room, default: Room()]
      rooms[ticket.room] = room
      return room.brokenFrom == nil
    }
  }

  /// Starts tracking a snapshot about to be queued (allowed even when the log is broken).
  package func willRestart(_ ticket: RoomLogTicket) {
    self.rooms.withLock { rooms in
      if rooms[ticket.room] == nil { rooms[ticket.room] = Room() }
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
      let wasBroken = room.brokenFrom != nil
      room.brokenFrom = nil
      room.committed = max(room.committed, ticket.sequence)
      rooms[ticket.room] = room
      return wasBroken
    }
  }

  /// A line (or snapshot) failed. Returns whether this broke a log that was whole.
  package func failed(_ ticket: RoomLogTicket) -> Bool {
    self.rooms.withLock { rooms in
      var room = rooms[ticket.room, default: Room()]
      let wasWhole = room.brokenFrom == nil
      room.brokenFrom = min(room.brokenFrom ?? ticket.sequence, ticket.sequence)
      rooms[ticket.room] = room
      return wasWhole
    }
  }

  /// A room's log was closed: nothing more is tracked for it.
  package func closed(_ room: RoomID) {
    _ = self.rooms.withLock { $0.removeValue(forKey: room) }
  }

  package func status(_ ticket: RoomLogTicket) -> RoomLogStatus {
    self.rooms.withLock { rooms in
      guard let room = rooms[ticket.room] else { return .committed }
      if let broken = room.brokenFrom, ticket.sequence >= broken { return .failed }
      return ticket.sequence <= room.committed ? .committed : .pending
    }
  }

  /// How many rooms are tracked (for tests of boundedness).
  package var count: Int { self.rooms.withLock { $0.count } }
}
