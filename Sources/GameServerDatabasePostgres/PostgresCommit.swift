import Logging
import PostgresNIO

/// The statement that writes a commit's room-log lines and the games they end: the lines, the
/// games with their players, and the rating rows the games change, in one round trip.
///
/// A rating row is written only if it still holds the rating the commit was worked out from
/// (``GameBatch/Row/expected``); if one does not, the statement fails whole with SQLSTATE 40001
/// (``isStale(_:)``) and nothing of it is written. In a transaction that has locked the rows
/// (``PostgresGameTable/lockRatings(_:_:_:)``) it cannot fail so; alone, it is a transaction of
/// its own, for a server that knew the ratings already (``KnownRatings``).
///
/// ```swift
/// try await PostgresCommit.write(lines, batch, batch.rate(current: known), connection, logger)
/// ```
enum PostgresCommit {
  /// Made by the schema: fails the statement that calls it when `written` is not `wanted`.
  static let expectFunction = """
    CREATE FUNCTION expect_rating_rows(written BIGINT, wanted BIGINT) RETURNS BIGINT LANGUAGE plpgsql AS $$
    BEGIN
      IF written <> wanted THEN
        RAISE EXCEPTION 'ratings changed since this server read them' USING ERRCODE = 'serialization_failure';
      END IF;
      RETURN written;
    END
    $$
    """

  static func write(
    _ lines: [PostgresWrites.Line], _ batch: GameBatch, _ rated: GameBatch.Rated, _ connection: PostgresConnection,
    _ logger: Logger
  ) async throws {
    let games = batch.games
    let rows = rated.rows
    // NB: The ids are drawn once (a CTE with a volatile function is made once), so the players
    // go with their game. Every CTE that writes runs to its end whether or not it is read.
    // NB: The row is read to its end: a result left unread is cancelled, not awaited.
    for try await _ in try await connection.query(
      """
      WITH line AS (
        INSERT INTO room_log (room, sequence, payload)
        SELECT * FROM unnest(\(lines.map(\.room.rawValue))::text[], \(lines.map(\.sequence))::int8[], \(lines.map(\.payload))::text[])
      ), input AS (
        SELECT room, variant, record, n, nextval(pg_get_serial_sequence('game', 'id')) AS id
        FROM unnest(\(games.map(\.room.rawValue))::text[], \(games.map(\.variant.rawValue))::text[], \(batch.records)::text[])
          WITH ORDINALITY AS g (room, variant, record, n)
      ), game_row AS (
        INSERT INTO game (id, room, variant, record) SELECT id, room, variant, record FROM input
      ), seat AS (
        INSERT INTO game_player (game, player)
        SELECT input.id, seat.player FROM unnest(\(batch.seats.games)::int8[], \(batch.seats.players)::text[]) AS seat (n, player)
        JOIN input ON input.n = seat.n
      ), changed AS (
        UPDATE rating SET
          name = person.name, rating = person.rating,
          wins = rating.wins + person.wins, losses = rating.losses + person.losses, draws = rating.draws + person.draws
        FROM unnest(\(rows.map(\.key.player))::text[], \(rows.map(\.key.variant))::text[], \(rows.map(\.name))::text[],
          \(rows.map(\.rating))::int8[], \(rows.map(\.wins))::int8[], \(rows.map(\.losses))::int8[], \(rows.map(\.draws))::int8[],
          \(rows.map(\.expected))::int8[])
          AS person (player, variant, name, rating, wins, losses, draws, expected)
        WHERE rating.player = person.player AND rating.variant = person.variant AND rating.rating = person.expected
        RETURNING 1
      )
      SELECT expect_rating_rows((SELECT count(*) FROM changed), \(rows.count))
      """,
      logger: logger)
    {}
  }

  /// Whether `error` is this statement finding a rating other than the one it was worked out
  /// from (SQLSTATE 40001), rather than a failure of the database.
  static func isStale(_ error: any Error) -> Bool {
    (error as? PSQLError)?.serverInfo?[.sqlState] == "40001"
  }
}
