import Foundation
import GRDB
import GameServerDatabase

extension RecordedGame {
  /// The recorded game numbered `id` in the SQLite database at `path`, read without writing
  /// (a running server may hold it): what `game-server export-game` reads.
  ///
  /// ```swift
  /// let game = try RecordedGame.sqlite(12, path: "data/game-server.sqlite")
  /// ```
  public static func sqlite(_ id: Int64, path: String) throws -> RecordedGame? {
    try self.readOnly(path).read { db in try GameTable.recordedGame(id, db) }
  }

  /// The last `limit` recorded games in the SQLite database at `path`, oldest first, without
  /// their replays.
  public static func sqlite(last limit: Int, path: String) throws -> [RecordedGame] {
    try self.readOnly(path).read { db in try GameTable.recordedGames(limit: limit, db) }
  }

  private static func readOnly(_ path: String) throws -> DatabaseQueue {
    guard FileManager.default.fileExists(atPath: path) else { throw StorageProblem.failed("no database at \(path)") }
    var configuration = Configuration()
    configuration.readonly = true
    return try DatabaseQueue(path: path, configuration: configuration)
  }
}
