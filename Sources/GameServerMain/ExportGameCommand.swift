import ArgumentParser
import Foundation
import GameServerApp
import GameServerDatabase
import GameServerPostgres
import GameServerSQLite

/// `game-server export-game ID`: writes a finished game's record and replay (``RecordedGame``)
/// as one JSON object, for `TestGameServer.replay` to play again in a test; `--list` names the
/// latest games with their numbers. Reads the database `serve` writes (`--data` or
/// `--database`), also while a server runs on it.
struct ExportGameCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-game",
    abstract: "Write a finished game's record and replay as JSON (for TestGameServer.replay).",
    discussion: """
      The replay is the room's log through the game's end: the room as its log started, then every \
      event (seats, moves, clocks, forfeits) in order. It holds every seat's secrets: share it as you \
      would the database.
      """)

  @Argument(help: "The game's number (see --list).") var id: Int64?
  @Flag(help: "List the latest games (number, game, players, winners) instead.") var list = false
  @Option(help: "With --list: how many.") var last = 20
  @Option(help: "The folder of the embedded SQLite database, as for serve.") var data = "data"
  @Option(help: "Read PostgreSQL instead: postgres://USER[:PASSWORD]@HOST:PORT/DATABASE.") var database: String?

  func validate() throws {
    if self.list { return }
    guard let id = self.id else { throw ValidationError("Give the game's number, or --list.") }
    guard id >= 1 else { throw ValidationError("A game's number is 1 or more, not \(id).") }
    guard (1...10_000).contains(self.last) else { throw ValidationError("--last must be from 1 to 10000.") }
    if let database = self.database {
      do {
        _ = try PostgresLocation(database)
      } catch {
        throw ValidationError("--database: \(error)")
      }
    }
  }

  func run() async throws {
    if self.list {
      for game in try await self.games() {
        let winners = game.record.winners.isEmpty ? "draw" : game.record.winners.map(\.rawValue).joined(separator: ",")
        print(
          "\(game.id)\t\(game.record.variant.rawValue)\t\(game.record.players.map(\.rawValue).joined(separator: ","))\t\(winners)"
        )
      }
      return
    }
    let id = self.id!
    guard let game = try await self.game(id) else {
      throw ValidationError(
        "No game \(id) in \(self.database.map { _ in "the PostgreSQL database" } ?? self.sqlitePath).")
    }
    do {
      print(try game.exported())
    } catch {
      throw ValidationError("\(error)")
    }
  }

  private var sqlitePath: String { AppConfiguration.databasePath(in: self.data) }

  private func game(_ id: Int64) async throws -> RecordedGame? {
    if let database = self.database {
      return try await DatabaseClient.postgres(PostgresLocation(database)).fetchRecordedGame(id)
    }
    return try self.readingSQLite { try RecordedGame.sqlite(id, path: self.sqlitePath) }
  }

  private func games() async throws -> [RecordedGame] {
    if let database = self.database {
      return try await DatabaseClient.postgres(PostgresLocation(database)).fetchRecordedGames(self.last)
    }
    return try self.readingSQLite { try RecordedGame.sqlite(last: self.last, path: self.sqlitePath) }
  }

  private func readingSQLite<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw ValidationError("\(self.sqlitePath): \(error)")
    }
  }
}
