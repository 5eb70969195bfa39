import GameServerDatabase
import GameServerGame
import GameServerRatings
import Logging
import PostgresNIO

/// The statement that writes a commit's room-log lines and the games they end: the lines, the
/// games with their players, and the rating rows the games change, in one round trip.
///
/// A rating row is written only if it still holds the rating the commit was worked out from
/// (`RatingRow.before`), and on a node of a cluster every room written to must still be
/// the node's at the epoch it knows (``Rooms``; their directory rows stay locked until the
/// statement commits). If one is not, the statement fails whole with SQLSTATE 40001
/// (``isStale(_:)``) and nothing of it is written. In a transaction that has locked the rating
/// rows (``PostgresGameTable/lockRatings(_:_:_:)``) and fenced the rooms it cannot fail so; alone,
/// it is a transaction of its own, for a server that knew all that already (``KnownRatings``).
///
/// ```swift
/// try await PostgresCommit.write(lines, batch, batch.rate(current: known), rooms: nil, connection, logger)
/// ```
package enum PostgresCommit {
  /// The rooms a node of a cluster writes to, with the epoch it holds each at.
  package struct Rooms: Sendable {
    package var node: Int64
    package var ids: [String] = []
    package var epochs: [Int64] = []

    package init(node: Int64) {
      self.node = node
    }
  }

  /// Made by the schema: fails the statement that calls it when `counted` is not `wanted`.
  static let expectFunction = """
    CREATE FUNCTION expect_count(what TEXT, counted BIGINT, wanted BIGINT) RETURNS BIGINT LANGUAGE plpgsql AS $$
    BEGIN
      IF counted <> wanted THEN
        RAISE EXCEPTION '% changed since this server read them', what USING ERRCODE = 'serialization_failure';
      END IF;
      RETURN counted;
    END
    $$
    """

  static func write(
    _ lines: [PostgresWrites.Line], _ batch: GameBatch, _ rated: RatingChanges, rooms: Rooms?,
    _ connection: PostgresConnection, _ logger: Logger
  ) async throws {
    try await Statement(lines, batch, rated.rows, rooms ?? Rooms(node: 0), results: rated.results)
      .run(on: connection, logger: logger)
  }

  /// The statement, its text the same whatever it writes.
  struct Statement: FixedStatement {
    static let sql = Statement([], nil, [], Rooms(node: 0), results: []).query.sql
    /// What stands for "no rating change" (a bot) in the seats' changes: no rating moves so far.
    static let noChange = Int(Int32.min)
    let query: PostgresQuery

    init(
      _ lines: [PostgresWrites.Line], _ batch: GameBatch?, _ rows: [RatingRow], _ rooms: Rooms,
      results: [[PlayerID: RatingUpdate]]
    ) {
      let games = batch?.games ?? []
      let seats: (games: [Int], players: [String]) = batch?.seats ?? ([], [])
      // NB: Each seat's rating change, by the seat's game (counted from 1) and player.
      let changes = zip(seats.games, seats.players).map { game, player in
        results[game - 1][PlayerID(rawValue: player)]?.change ?? Self.noChange
      }
      // NB: The ids are drawn once (a CTE with a volatile function is made once), so the players
      // go with their game. Every CTE that writes runs to its end whether or not it is read. A
      // game keeps its own lines of the replay and, when they follow the room's previous game,
      // that game's number. Lines the writer did not know (`replay` empty: a room it did not see
      // start) are the room's whole log, read here: the lines committed before and this
      // statement's own through the game's end (a CTE does not see what another inserts).
      self.query = """
        WITH batch_line AS (
          SELECT * FROM unnest(\(lines.map(\.room.rawValue))::text[], \(lines.map(\.sequence))::int8[], \(lines.map(\.payload))::text[])
            AS l (room, sequence, payload)
        ), line AS (
          INSERT INTO room_log (room, sequence, payload) SELECT room, sequence, payload FROM batch_line
        ), input AS (
          SELECT room, variant, record, replay, continues, ending, n, nextval(pg_get_serial_sequence('game', 'id')) AS id
          FROM unnest(\(games.map(\.room.rawValue))::text[], \(games.map(\.variant.rawValue))::text[], \(batch?.records ?? [])::text[],
            \(batch?.replays ?? [])::text[], \(batch?.continues ?? [])::boolean[], \(batch?.endings ?? [])::int8[])
            WITH ORDINALITY AS g (room, variant, record, replay, continues, ending, n)
        ), game_row AS (
          INSERT INTO game (id, room, variant, record, replay, replay_after)
          SELECT id, room, variant, record,
            coalesce(nullif(replay, ''), (
              SELECT string_agg(logged.payload, E'\\n' ORDER BY logged.sequence) FROM (
                SELECT sequence, payload FROM room_log WHERE room_log.room = input.room AND room_log.sequence <= input.ending
                UNION ALL
                SELECT sequence, payload FROM batch_line WHERE batch_line.room = input.room AND batch_line.sequence <= input.ending
              ) AS logged)),
            CASE WHEN replay <> '' AND continues THEN (SELECT max(game.id) FROM game WHERE game.room = input.room) END
          FROM input
        ), seat AS (
          INSERT INTO game_player (game, player, rating_change)
          SELECT input.id, seat.player, nullif(seat.change, \(Self.noChange))
          FROM unnest(\(seats.games)::int8[], \(seats.players)::text[], \(changes)::int8[]) AS seat (n, player, change)
          JOIN input ON input.n = seat.n
        ), changed AS (
          UPDATE rating SET
            name = person.name, rating = person.rating,
            wins = rating.wins + person.wins, losses = rating.losses + person.losses, draws = rating.draws + person.draws
          FROM unnest(\(rows.map(\.key.player.rawValue))::text[], \(rows.map(\.key.variant.rawValue))::text[], \(rows.map(\.name))::text[],
            \(rows.map(\.after))::int8[], \(rows.map(\.wins))::int8[], \(rows.map(\.losses))::int8[], \(rows.map(\.draws))::int8[],
            \(rows.map(\.before))::int8[])
            AS person (player, variant, name, rating, wins, losses, draws, expected)
          WHERE rating.player = person.player AND rating.variant = person.variant AND rating.rating = person.expected
          RETURNING 1
        ), owned AS (
          SELECT room.id FROM room JOIN unnest(\(rooms.ids)::text[], \(rooms.epochs)::int8[]) AS mine (id, epoch) ON room.id = mine.id
          WHERE room.owner = \(rooms.node) AND room.epoch = mine.epoch
          FOR SHARE OF room
        )
        SELECT expect_count('ratings', (SELECT count(*) FROM changed), \(rows.count)),
          expect_count('rooms', (SELECT count(*) FROM owned), \(rooms.ids.count))
        """
    }
  }

  /// Whether `error` is this statement finding a rating or a room other than it was worked out
  /// from (SQLSTATE 40001), rather than a failure of the database.
  static func isStale(_ error: any Error) -> Bool {
    (error as? PSQLError)?.serverInfo?[.sqlState] == "40001"
  }
}
