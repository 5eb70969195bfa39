import Foundation
import GameServerDatabase
import GameServerGame
import Logging
import PostgresNIO

/// The session table's SQL for PostgreSQL: tokens by their hash, with when they were issued and
/// when they expire (seconds since 1970), and the token each one replaced while that one is in
/// its grace. Every server of a cluster reads the same table, so a token resumes on any of them.
///
/// ```swift
/// try await PostgresSessionTable.insert(record, connection, logger)
/// let session = try await PostgresSessionTable.fetch(hash, client, logger)
/// ```
enum PostgresSessionTable {
  /// Stores a session, forgetting the expired ones and the player's oldest past the limit (a
  /// token in its grace and its successor are neither counted nor forgotten).
  static func insert(_ session: SessionRecord, _ connection: PostgresConnection, _ logger: Logger) async throws {
    let issuedAt = session.issuedAt.timeIntervalSince1970
    try await connection.query("DELETE FROM session WHERE expires_at <= \(issuedAt)", logger: logger)
    try await connection.query(
      """
      INSERT INTO session (token_hash, player, name, is_guest, issued_at, expires_at, predecessor)
      VALUES (\(session.tokenHash), \(session.player.rawValue), \(session.name), \(session.isGuest), \(issuedAt),
        \(session.expiresAt.timeIntervalSince1970), \(session.predecessor))
      ON CONFLICT (token_hash) DO UPDATE SET
        player = excluded.player, name = excluded.name, is_guest = excluded.is_guest, issued_at = excluded.issued_at,
        expires_at = excluded.expires_at, predecessor = excluded.predecessor
      """,
      logger: logger)
    // NB: A token in its grace and its successor (a session whose predecessor is still here)
    // are neither evicted nor counted: they are bounded by the grace's time.
    let player = session.player.rawValue
    try await connection.query(
      """
      WITH chained AS (
        SELECT successor.token_hash, successor.predecessor
        FROM session AS successor JOIN session AS graced ON graced.token_hash = successor.predecessor
        WHERE successor.player = \(player)
      ),
      kept AS (
        SELECT token_hash FROM session WHERE player = \(player)
          AND token_hash NOT IN (SELECT token_hash FROM chained) AND token_hash NOT IN (SELECT predecessor FROM chained)
        ORDER BY issued_at DESC LIMIT \(SessionRecord.maxPerPlayer)
      )
      DELETE FROM session WHERE player = \(player)
        AND token_hash NOT IN (SELECT token_hash FROM chained) AND token_hash NOT IN (SELECT predecessor FROM chained)
        AND token_hash NOT IN (SELECT token_hash FROM kept)
      """,
      logger: logger)
  }

  static func fetch(_ tokenHash: String, _ client: PostgresClient, _ logger: Logger) async throws -> SessionRecord? {
    let rows = try await client.query(
      """
      SELECT token_hash, player, name, is_guest, issued_at, expires_at, predecessor FROM session
      WHERE token_hash = \(tokenHash)
      """,
      logger: logger)
    for try await (hash, player, name, isGuest, issuedAt, expiresAt, predecessor) in rows.decode(
      (String, String, String, Bool, Double, Double, String?).self)
    {
      return SessionRecord(
        tokenHash: hash, player: PlayerID(rawValue: player), name: name, isGuest: isGuest,
        issuedAt: Date(timeIntervalSince1970: issuedAt), expiresAt: Date(timeIntervalSince1970: expiresAt),
        predecessor: predecessor)
    }
    return nil
  }

  static func replace(
    _ old: SessionRecord, with new: SessionRecord, graceUntil: Date, _ connection: PostgresConnection, _ logger: Logger
  ) async throws {
    if let predecessor = old.predecessor { try await self.revoke(predecessor, connection, logger) }
    // NB: A token resumed again in its grace replaces the successor it was given before: a chain
    // holds at most two live tokens, however often a client resumes with the old one.
    try await connection.query("DELETE FROM session WHERE predecessor = \(old.tokenHash)", logger: logger)
    try await connection.query(
      """
      UPDATE session SET expires_at = least(expires_at, \(graceUntil.timeIntervalSince1970)), predecessor = NULL
      WHERE token_hash = \(old.tokenHash)
      """,
      logger: logger)
    try await self.insert(new, connection, logger)
  }

  static func revoke(_ tokenHash: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
    try await connection.query("DELETE FROM session WHERE token_hash = \(tokenHash)", logger: logger)
  }
}
