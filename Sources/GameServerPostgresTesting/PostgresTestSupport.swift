import Foundation
import GameServerPostgres

/// Whether this run tests PostgreSQL: where it is installed, and always under CI.
public enum PostgresTestSupport {
  public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }
  public static var isRequiredOrAvailable: Bool { Self.isCI || ScratchPostgres.binaries != nil }

  /// Waits until `sql` counts `expected` rows in the database at `location` (what another
  /// node's writer left there, which it does not announce), looking every 10 ms for at most
  /// `timeout`; returns whether it did.
  public static func waitUntil(
    _ sql: String, counts expected: Int, in location: PostgresLocation, timeout: Duration = .seconds(10)
  ) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if try await ScratchPostgres.shared().count(sql, in: location) == expected { return true }
      try await Task.sleep(for: .milliseconds(10))
    }
    return false
  }
}
