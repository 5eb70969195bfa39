import Logging
import PostgresNIO

/// The PostgreSQL schema, as numbered migrations. Each runs once; the pending ones run together in
/// one transaction, under an advisory lock: servers that start together against one database migrate it once.
///
/// ```swift
/// try await PostgresSchema.migrate(client, logger: logger)
/// ```
enum PostgresSchema {
  /// The advisory lock that migrations hold (any number: it only has to be the same for all).
  static let migrationLock = 0x6761_6d65_0001

  static let migrations: [(version: Int, sql: [String])] = [
    (
      1,
      [
        """
        CREATE TABLE account (
          player TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          password_hash TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """,
        // NB: Names are unique ignoring ASCII case, as with SQLite's NOCASE.
        "CREATE UNIQUE INDEX account_by_name ON account (lower(name))",
        """
        CREATE TABLE session (
          token_hash TEXT PRIMARY KEY,
          player TEXT NOT NULL,
          name TEXT NOT NULL,
          is_guest BOOLEAN NOT NULL,
          issued_at DOUBLE PRECISION NOT NULL,
          expires_at DOUBLE PRECISION NOT NULL,
          predecessor TEXT
        )
        """,
        "CREATE INDEX session_by_expiry ON session (expires_at)",
        "CREATE INDEX session_by_player ON session (player, issued_at)",
        """
        CREATE TABLE rating (
          player TEXT NOT NULL,
          variant TEXT NOT NULL,
          name TEXT NOT NULL,
          rating INTEGER NOT NULL,
          is_guest BOOLEAN NOT NULL,
          wins INTEGER NOT NULL DEFAULT 0,
          losses INTEGER NOT NULL DEFAULT 0,
          draws INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (player, variant)
        )
        """,
        "CREATE INDEX rating_by_variant ON rating (variant, rating DESC)",
        """
        CREATE TABLE game (
          id BIGSERIAL PRIMARY KEY,
          room TEXT NOT NULL,
          variant TEXT NOT NULL,
          record TEXT NOT NULL,
          finished_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE game_player (
          game BIGINT NOT NULL REFERENCES game (id) ON DELETE CASCADE,
          player TEXT NOT NULL,
          PRIMARY KEY (game, player)
        )
        """,
        "CREATE INDEX game_player_by_player ON game_player (player, game)",
        // NB: A room's lines until it closes (closing deletes them).
        """
        CREATE TABLE room_log (
          room TEXT NOT NULL,
          sequence BIGINT NOT NULL,
          payload TEXT NOT NULL,
          PRIMARY KEY (room, sequence)
        )
        """,
        // NB: While writes fail, a probe writes here every second to tell when they work again.
        "CREATE TABLE write_probe (id INTEGER PRIMARY KEY, at TIMESTAMPTZ NOT NULL)",
      ]
    ),
    // NB: A cluster's directory: the nodes with their leases (only the database's now() is
    // compared with them), each open room's owner and epoch, and who is seated where.
    (
      2,
      [
        """
        CREATE TABLE node (
          id BIGSERIAL PRIMARY KEY,
          url TEXT NOT NULL,
          lease_until TIMESTAMPTZ NOT NULL,
          started_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE room (
          id TEXT PRIMARY KEY,
          owner BIGINT NOT NULL,
          epoch BIGINT NOT NULL
        )
        """,
        "CREATE INDEX room_by_owner ON room (owner)",
        """
        CREATE TABLE room_player (
          room TEXT NOT NULL REFERENCES room (id) ON DELETE CASCADE,
          player TEXT NOT NULL,
          seated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
          PRIMARY KEY (room, player)
        )
        """,
        "CREATE INDEX room_player_by_player ON room_player (player, seated_at DESC)",
      ]
    ),
    // NB: What every node of a cluster must agree on about logins: wrong passwords by account
    // (seconds since 1970, by the servers' dates, as the lockouts of one server are), and which
    // node each player last logged in on.
    (
      3,
      [
        """
        CREATE TABLE login_failure (
          name TEXT PRIMARY KEY,
          failures INTEGER NOT NULL,
          locked_until DOUBLE PRECISION
        )
        """,
        """
        CREATE TABLE presence (
          player TEXT PRIMARY KEY,
          node BIGINT NOT NULL,
          since TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """,
      ]
    ),
    // NB: The queue the nodes of a cluster share: a ticket per waiting player, paired by one
    // node at a time per game and mode; a paired ticket names its room until its node has read
    // it, and a room made by the pairer waits in `pending_room` until its owner opens it.
    (
      4,
      [
        """
        CREATE TABLE ticket (
          player TEXT PRIMARY KEY,
          node BIGINT NOT NULL,
          variant TEXT NOT NULL,
          ticket TEXT NOT NULL,
          enqueued_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
          room TEXT
        )
        """,
        "CREATE INDEX ticket_waiting ON ticket (variant, enqueued_at) WHERE room IS NULL",
        "CREATE INDEX ticket_paired ON ticket (node) WHERE room IS NOT NULL",
        """
        CREATE TABLE pending_room (
          id TEXT PRIMARY KEY,
          owner BIGINT NOT NULL,
          match TEXT NOT NULL
        )
        """,
        "CREATE INDEX pending_room_by_owner ON pending_room (owner)",
      ]
    ),
    // NB: Where each waiting private room is, by invite code, so that a friend on any node is
    // sent there.
    (
      5,
      [
        """
        CREATE TABLE private_room (
          code TEXT PRIMARY KEY,
          node BIGINT NOT NULL
        )
        """
      ]
    ),
    // NB: A commit's one statement fails whole when a rating it writes, or a room it writes to,
    // is not as it was worked out from (``PostgresCommit``).
    (6, [PostgresCommit.expectFunction]),
    // NB: A resume in a token's grace replaces the successor issued from it, found by this index.
    (7, ["CREATE INDEX session_by_predecessor ON session (predecessor)"]),
    // NB: A game's replay (`RecordedGame.replay`), kept with its record: its own lines, and the
    // game of the same log they follow (the room's game before it); null for games recorded before.
    (
      8,
      [
        "ALTER TABLE game ADD COLUMN replay TEXT",
        "ALTER TABLE game ADD COLUMN replay_after BIGINT",
        "CREATE INDEX game_by_room ON game (room, id)",
      ]
    ),
    // NB: How much each game moved each rated player's rating, for their history; null for a bot
    // and for games recorded before.
    (9, ["ALTER TABLE game_player ADD COLUMN rating_change INTEGER"]),
  ]

  /// Brings the database up to the newest migration.
  static func migrate(_ client: PostgresClient, logger: Logger) async throws {
    try await client.withTransaction(logger: logger) { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
      try await connection.query(
        "CREATE TABLE IF NOT EXISTS schema_migration (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        logger: logger)
      var applied: Set<Int> = []
      for try await version in try await connection.query("SELECT version FROM schema_migration", logger: logger)
        .decode(Int.self)
      {
        applied.insert(version)
      }
      for migration in Self.migrations where !applied.contains(migration.version) {
        for statement in migration.sql {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
          "INSERT INTO schema_migration (version) VALUES (\(migration.version))", logger: logger)
      }
    }
  }
}
