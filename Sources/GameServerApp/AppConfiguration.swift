import GameServerCore
import GameServerGame
import GameServerPostgres
import GameServerTransport
import Logging

/// Everything `game-server serve` can be told.
public struct AppConfiguration: Sendable {
  /// The games served.
  public var games: GameCatalog
  public var transport = TransportConfiguration()
  /// The folder of the embedded SQLite database (and of anything else kept locally).
  public var dataDirectory = "data"
  /// A PostgreSQL database to store everything in instead of SQLite; nil for SQLite.
  public var postgres: PostgresLocation?
  /// This server as a node of a cluster sharing ``postgres``: the address clients reach it at,
  /// and how long its rooms stay its own without a heartbeat. Nil for a server on its own.
  public var cluster: (url: String, lease: Duration)?
  /// The values of the games' start options (``GameCatalog/startOptions``), by option name: a
  /// word list's path under `"dictionary"`. A missing one is not given (its game's default).
  public var gameOptions: [String: String] = [:]
  public var server = Server.Settings()
  /// Where the server reports what it does (swift-log).
  public var logger = Logger(label: "game-server")

  public init(games: GameCatalog) {
    self.games = games
  }

  /// The database file in the data folder.
  public var databasePath: String { Self.databasePath(in: self.dataDirectory) }

  /// The database file in the data folder `dataDirectory`.
  public static func databasePath(in dataDirectory: String) -> String { "\(dataDirectory)/game-server.sqlite" }
}
