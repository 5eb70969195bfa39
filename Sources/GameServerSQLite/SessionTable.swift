import Foundation
import GRDB
import GameServerDatabase
import GameServerGame

/// The session table's SQL: tokens by their hash, with when they were issued and when they
/// expire (seconds since 1970), and the token each one replaced while that one is in its grace.
///
/// ```swift
/// try SessionTable.insert(record, db)
/// let session = try SessionTable.fetch(hash, db)
/// ```
enum SessionTable {
  /// Stores a session, forgetting the expired ones and the player's oldest past the limit (a
  /// token in its grace and its successor are neither counted nor forgotten).
  static func insert(_ session: SessionRecord, _ db: Database) throws {
    try db.cachedStatement(sql: "DELETE FROM session WHERE expiresAt <= ?")
      .execute(arguments: [session.issuedAt.timeIntervalSince1970])
    try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO session (tokenHash, player, name, isGuest, issuedAt, expiresAt, predecessor)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """
    )
    .execute(arguments: [
      session.tokenHash, session.player.rawValue, session.name, session.isGuest,
      session.issuedAt.timeIntervalSince1970, session.expiresAt.timeIntervalSince1970, session.predecessor,
    ])
    // NB: A token in its grace and its successor (a session whose predecessor is still here)
    // are neither evicted nor counted: they are bounded by the grace's time.
    try db.cachedStatement(
      sql: """
        WITH chained AS (
          SELECT successor.tokenHash AS tokenHash, successor.predecessor AS predecessor
          FROM session AS successor JOIN session AS graced ON graced.tokenHash = successor.predecessor
          WHERE successor.player = ?1
        ),
        kept AS (
          SELECT tokenHash FROM session WHERE player = ?1
            AND tokenHash NOT IN (SELECT tokenHash FROM chained)
            AND tokenHash NOT IN (SELECT predecessor FROM chained)
          ORDER BY issuedAt DESC LIMIT ?2
        )
        DELETE FROM session WHERE player = ?1
          AND tokenHash NOT IN (SELECT tokenHash FROM chained)
          AND tokenHash NOT IN (SELECT predecessor FROM chained)
          AND tokenHash NOT IN (SELECT tokenHash FROM kept)
        """
    )
    .execute(arguments: [session.player.rawValue, SessionRecord.maxPerPlayer])
  }

  static func fetch(_ tokenHash: String, _ db: Database) throws -> SessionRecord? {
    try Row.fetchOne(
      db,
      sql: """
        SELECT tokenHash, player, name, isGuest, issuedAt, expiresAt, predecessor FROM session
        WHERE tokenHash = ?
        """,
      arguments: [tokenHash]
    ).map { row in
      SessionRecord(
        tokenHash: row["tokenHash"], player: PlayerID(rawValue: row["player"] as String), name: row["name"],
        isGuest: row["isGuest"], issuedAt: Date(timeIntervalSince1970: row["issuedAt"]),
        expiresAt: Date(timeIntervalSince1970: row["expiresAt"]), predecessor: row["predecessor"])
    }
  }

  static func replace(_ old: SessionRecord, with new: SessionRecord, graceUntil: Date, _ db: Database) throws {
    if let predecessor = old.predecessor { try self.revoke(predecessor, db) }
    // NB: A token resumed again in its grace replaces the successor it was given before: a chain
    // holds at most two live tokens, however often a client resumes with the old one.
    try db.execute(sql: "DELETE FROM session WHERE predecessor = ?", arguments: [old.tokenHash])
    try db.execute(
      sql: "UPDATE session SET expiresAt = min(expiresAt, ?), predecessor = NULL WHERE tokenHash = ?",
      arguments: [graceUntil.timeIntervalSince1970, old.tokenHash])
    try self.insert(new, db)
  }

  static func revoke(_ tokenHash: String, _ db: Database) throws {
    try db.execute(sql: "DELETE FROM session WHERE tokenHash = ?", arguments: [tokenHash])
  }
}
