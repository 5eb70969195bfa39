import GameServerDatabase
import Logging

extension Logger {
  /// Logs a storage event: failing and recovering once each per condition, a paused or mended
  /// room at debug level (there may be many).
  func log(_ event: StorageEvent) {
    switch event {
    case let .writesFailing(problem):
      self.error(
        "Database writes are failing; rooms that cannot save are paused and no room opens until they work",
        metadata: ["problem": "\(problem)"])
    case .writesRecovered:
      self.notice("Database writes work again; paused rooms go on once their snapshots are saved")
    case let .roomLogFailed(room):
      self.debug("A room's log could not be written; the room is paused", metadata: ["room": "\(room)"])
    case let .roomLogRestored(room):
      self.debug("A paused room's log is mended; the room goes on", metadata: ["room": "\(room)"])
    case .gameRecorded:
      break
    }
  }
}
