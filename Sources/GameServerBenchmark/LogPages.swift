import Foundation
import GameServerDatabase
import GameServerGame
import GameServerSQLite
import GameServerWire

/// `server-benchmark log [rooms] [commits]`: what the room log costs SQLite, in pages written
/// (frames appended to its write-ahead log, 4 KiB each), with no clock in it: the same writes
/// give nearly the same pages on any machine and at any speed (within 1% between runs: SQLite's
/// checkpoints fall where they fall), so two builds compare without alternating runs.
///
/// Each commit carries one move line (about 110 bytes) for each of `rooms` rooms, as the server's
/// group commit does when that many rooms moved since the last one. The first case records no
/// game; the second ends a game in each room every eighth line (tic-tac-toe's length, with its
/// snapshot; the rooms staggered, so each commit ends games in an eighth of them), each between
/// two new guests, recorded with its ratings in the commit of its last
/// line, as the server records it. The difference is what a finished game costs.
enum LogPages {
  struct Result {
    var lines = 0
    var games = 0
    var commits = 0
    var pages = 0
  }

  static func run(arguments: [String]) async throws {
    let rooms = max(1, Int(arguments.first ?? "") ?? 32)
    let commits = max(1, Int(arguments.dropFirst().first ?? "") ?? 1000)
    let moves = try await self.measure(rooms: rooms, commits: commits, gameEvery: nil)
    let games = try await self.measure(rooms: rooms, commits: commits, gameEvery: 8)
    func format(_ value: Double) -> String { String(format: "%.2f", value) }
    print("Room log on SQLite (WAL, 4 KiB pages): \(rooms) rooms, one move line each per commit, \(commits) commits")
    print("")
    print(
      "| case | lines | games recorded | commits | pages written | pages per commit | pages per line | pages per finished game |"
    )
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for (name, result) in [("moves only", moves), ("a game ends every 8th line", games)] {
      let perGame =
        result.games == 0
        ? "–"
        : format(Double(result.pages - moves.pages * result.commits / max(1, moves.commits)) / Double(result.games))
      print(
        "| \(name) | \(result.lines) | \(result.games) | \(result.commits) | \(result.pages) "
          + "| \(format(Double(result.pages) / Double(result.commits))) | \(format(Double(result.pages) / Double(result.lines))) "
          + "| \(perGame) |")
    }
  }

  static func measure(rooms: Int, commits: Int, gameEvery: Int?) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "log-pages-\(getpid())-\(gameEvery ?? 0)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try DatabaseClient.sqlite(
      path: folder.appendingPathComponent("game-server.sqlite").path, commitPolicy: .whenAsked)
    var generator = SeededRandomNumberGenerator(seed: 1)
    func guest() -> PlayerID { PlayerID(rawValue: "guest-" + String(generator.next(), radix: 16)) }
    let roomIDs = (0..<rooms).map { _ in RoomID(rawValue: "room-" + String(generator.next(), radix: 16)) }
    var seats = roomIDs.map { _ in (guest(), guest()) }
    // NB: Opening the database writes its schema; only the log's own commits count.
    let start = database.logStatistics()
    var result = Result()
    for sequence in 0..<commits {
      for (index, room) in roomIDs.enumerated() {
        let (x, o) = seats[index]
        let payload =
          #"{"at":1764316830000,"event":{"game":{"move":{"player":"\#(x.rawValue)","cell":{"row":1,"column":2}}}}}"#
        var entry = RoomLogEntry(room: room, sequence: sequence, payload: payload)
        // NB: Staggered: each commit ends the games of an eighth of the rooms.
        if let gameEvery, (sequence + index) % gameEvery == gameEvery - 1 {
          entry.finishedGame = GameRecord(
            room: room, variant: GameVariant(game: "tictactoe"), players: [x, o], names: ["x", "o"], bots: [],
            guests: [x, o], winners: [x], moves: #"[[0,0],[1,1],[0,1],[2,2],[0,2]]"#)
          seats[index] = (guest(), guest())
          result.games += 1
        }
        database.appendRoomLog(entry)
        result.lines += 1
      }
      database.commitQueued()
      await database.flush()
    }
    let end = database.logStatistics()
    result.commits = end.commits - start.commits
    result.pages = (end.pagesWritten ?? 0) - (start.pagesWritten ?? 0)
    return result
  }
}
