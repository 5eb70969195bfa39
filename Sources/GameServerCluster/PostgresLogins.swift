import Foundation
import GameServerDatabase
import GameServerGame
import GameServerPostgres
import Logging
import PostgresNIO

/// What the nodes of a cluster share about logins: wrong passwords by account, so that an
/// attacker gets the same few guesses however many nodes it spreads them over, and where each
/// player last logged in, so that the node of an older connection tells it
/// `logged_in_elsewhere` (woken by `NOTIFY presence`; the row is the truth).
///
/// ```swift
/// try await PostgresLogins.failed("alice", now: now, maxFailures: 5, lockout: 60, client, logger)
/// try await PostgresLogins.lockedUntil("alice", now: now, client, logger)   // a date, after the fifth
/// ```
enum PostgresLogins {
  /// The channel that tells nodes a player logged in: the payload is `NODE PLAYER`.
  static let presenceChannel = "presence"

  static func lockedUntil(_ name: String, now: Date, _ client: PostgresClient, _ logger: Logger) async throws -> Date? {
    let rows = try await client.query(
      "SELECT locked_until FROM login_failure WHERE name = \(name.lowercased()) AND locked_until > \(now.timeIntervalSince1970)",
      logger: logger)
    for try await until in rows.decode(Double?.self) {
      return until.map(Date.init(timeIntervalSince1970:))
    }
    return nil
  }

  /// Counts a wrong password; the `maxFailures`th in a row (since the last lockout ended) locks
  /// the account until `now + lockout`.
  static func failed(
    _ name: String, now: Date, maxFailures: Int, lockout: TimeInterval, _ client: PostgresClient, _ logger: Logger
  ) async throws {
    let key = name.lowercased()
    let seconds = now.timeIntervalSince1970
    try await client.query(
      """
      INSERT INTO login_failure AS f (name, failures, locked_until) VALUES (\(key), 1, NULL)
      ON CONFLICT (name) DO UPDATE SET
        failures = CASE WHEN f.locked_until <= \(seconds) THEN 1 ELSE f.failures + 1 END,
        locked_until = CASE WHEN f.locked_until <= \(seconds) THEN NULL ELSE f.locked_until END
      """,
      logger: logger)
    try await client.query(
      """
      UPDATE login_failure SET failures = 0, locked_until = \(seconds + lockout)
      WHERE name = \(key) AND failures >= \(maxFailures)
      """,
      logger: logger)
  }

  static func succeeded(_ name: String, _ client: PostgresClient, _ logger: Logger) async throws {
    try await client.query(
      "DELETE FROM login_failure WHERE name = \(name.lowercased()) AND locked_until IS NULL", logger: logger)
  }

  /// Records that `player` logged in on `node`, and wakes the other nodes.
  static func loggedIn(_ player: PlayerID, on node: Int64, _ client: PostgresClient, _ logger: Logger) async throws {
    try await client.query(
      """
      INSERT INTO presence (player, node) VALUES (\(player.rawValue), \(node))
      ON CONFLICT (player) DO UPDATE SET node = excluded.node, since = now()
      """,
      logger: logger)
    try await client.query("SELECT pg_notify(\(Self.presenceChannel), \("\(node) \(player.rawValue)"))", logger: logger)
  }

  /// The node and player a presence notification names.
  static func parse(_ payload: String) -> (node: Int64, player: PlayerID)? {
    guard let space = payload.firstIndex(of: " "), let node = Int64(payload[..<space]) else { return nil }
    let player = payload[payload.index(after: space)...]
    guard !player.isEmpty else { return nil }
    return (node, PlayerID(rawValue: String(player)))
  }
}
