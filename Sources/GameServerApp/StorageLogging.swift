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

extension GameServerApp {
  /// The server's logger for the PostgreSQL client, which reports every reconnection attempt at
  /// info level: warnings and worse only, unless the server logs less than that anyway.
  static func postgresLogger(_ logger: Logger) -> Logger {
    var quieter = logger
    quieter.logLevel = max(logger.logLevel, .warning)
    return quieter
  }
}
