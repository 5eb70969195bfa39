import Logging
import GameServerCore
import GameServerTransport

/// Everything `game-server serve` can be told.
public struct AppConfiguration: Sendable {
  public var transport = TransportConfiguration()
  /// The folder of the embedded SQLite database.
  public var dataDirectory = "data"
  /// A word list; nil for Debian's standard one.
  public var dictionaryPath: String?
  public var server = Server.Settings()
  /// Where the server reports what it does (swift-log).
  public var logger = Logger(label: "game-server")

  public init() {}

  /// The database file in the data folder.
  public var databasePath: String { "\(self.dataDirectory)/game-server.sqlite" }
}
