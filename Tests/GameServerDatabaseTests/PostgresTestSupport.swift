import Foundation
import GameServerDatabasePostgres

/// Whether this run tests PostgreSQL: where it is installed, and always under CI.
enum PostgresTestSupport {
  static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }
  static var isRequiredOrAvailable: Bool { Self.isCI || ScratchPostgres.binaries != nil }
}
