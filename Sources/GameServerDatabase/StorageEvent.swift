import GameServerGame
import GameServerRatings
import GameServerWire

/// What the database tells the server about its writes, as it happens: one event per change of
/// condition, never one per write that fails.
///
/// ```swift
/// for await event in database.storageEvents() { await send(.storage(event)) }
/// ```
public enum StorageEvent: Hashable, Sendable {
  /// Writes started failing.
  case writesFailing(StorageProblem)
  /// Writes work again (after failing).
  case writesRecovered
  /// A line of this room's log could not be written: its log is broken from that line, and
  /// later lines are refused, until a snapshot (``DatabaseClient/restartRoomLog``) starts it
  /// again.
  case roomLogFailed(RoomID)
  /// A snapshot started this room's broken log again.
  case roomLogRestored(RoomID)
  /// The game that ended with a room-log line is recorded, with the rated players' ratings
  /// before it and after it, as stored.
  case gameRecorded(RoomID, GameVariant, ratings: [PlayerID: RatingUpdate])
}
