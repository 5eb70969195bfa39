import GRDB

/// The room log's SQL. Lines are appended in the order they come (`id`), a closed room is a row
/// in `closedRoom` naming its last line, and compaction deletes closed rooms' lines in one pass.
///
/// Nothing indexes the log by room: a commit writes the last pages of the log, not a page per
/// room that moved. Reading the open rooms' logs and compacting scan the log, which happens
/// when the server starts and once per ``closesPerCompaction`` closed rooms.
///
/// ```swift
/// try db.cachedStatement(sql: RoomLogTable.append).execute(arguments: ["room-1", 3, "{}"])
/// ```
@usableFromInline
enum RoomLogTable {
  /// How many rooms may close between two compactions by default.
  @usableFromInline static let closesPerCompaction = 1024

  static let append = "INSERT INTO roomLog (room, sequence, payload) VALUES (?, ?, ?)"

  /// Closes a room: every line of it so far is closed. A room id used again after a restart
  /// starts a new log, since its new lines come after `lastLine`.
  static let close = """
    INSERT INTO closedRoom (room, lastLine) VALUES (?, (SELECT ifnull(max(id), 0) FROM roomLog))
    ON CONFLICT (room) DO UPDATE SET lastLine = excluded.lastLine
    """

  /// The lines of the rooms still open, each room's in order.
  static let openLines = """
    SELECT room, sequence, payload FROM roomLog AS line
    WHERE NOT EXISTS (
      SELECT 1 FROM closedRoom WHERE closedRoom.room = line.room AND closedRoom.lastLine >= line.id
    )
    ORDER BY room, sequence, id
    """

  /// One room's open lines (its log since it last started), in order: what a game's replay is
  /// made of when the writer did not see the room's log start (``RoomLogLines``).
  static let roomLines = """
    SELECT sequence, payload FROM roomLog
    WHERE room = ? AND id > ifnull((SELECT lastLine FROM closedRoom WHERE room = ?), 0)
    ORDER BY id
    """

  /// Deletes the lines of closed rooms, and then the closed rooms themselves: once their lines
  /// are gone they say nothing more.
  static func compact(_ db: Database) throws {
    try db.execute(
      sql: """
        DELETE FROM roomLog WHERE EXISTS (
          SELECT 1 FROM closedRoom WHERE closedRoom.room = roomLog.room AND closedRoom.lastLine >= roomLog.id
        );
        DELETE FROM closedRoom;
        """)
  }
}
