import GameServerWire

/// A room-log line, named by its room and sequence: what a message showing the room as of that
/// line waits for before it goes out.
///
/// ```swift
/// channel.send(connection, view, after: RoomLogTicket(room: id, sequence: 7))
/// database.roomLogStatus(ticket)   // .pending, then .committed (or .failed)
/// ```
public struct RoomLogTicket: Hashable, Sendable {
  public var room: RoomID
  public var sequence: Int

  public init(room: RoomID, sequence: Int) {
    self.room = room
    self.sequence = sequence
  }
}

/// Where a room-log line stands.
public enum RoomLogStatus: Hashable, Sendable {
  /// Queued, not yet committed.
  case pending
  /// Committed: it survives a crash of the process.
  case committed
  /// Not written, or written after a line that was not: the room's log is broken from it until
  /// a snapshot starts it again. What showed it must not be shown.
  case failed
}
