/// A game the server hosts, as the `games` message lists it for a lobby.
///
/// `{"game":"wordgrid","title":"Word grid","modes":[{"mode":"race","minPlayers":2,"maxPlayers":4},…],"bots":["easy","hard"]}`
///
/// ```swift
/// let listing = GameListing(game: "tictactoe", title: "Tic-tac-toe", modes: [.init(mode: "standard", players: 2...2)], bots: ["random", "perfect"])
/// ```
public struct GameListing: Hashable, Codable, Sendable {
  public var game: String
  public var title: String
  public var modes: [Mode]
  /// The bots' levels.
  public var bots: [String]

  /// A mode and how many players it seats.
  public struct Mode: Hashable, Codable, Sendable {
    public var mode: String
    public var minPlayers: Int
    public var maxPlayers: Int

    public init(mode: String, players: ClosedRange<Int>) {
      self.mode = mode
      self.minPlayers = players.lowerBound
      self.maxPlayers = players.upperBound
    }
  }

  public init(game: String, title: String, modes: [Mode], bots: [String]) {
    self.game = game
    self.title = title
    self.modes = modes
    self.bots = bots
  }

  /// The listing of every game of a catalog, in its order.
  public static func all(in catalog: GameCatalog) -> [GameListing] {
    catalog.games.map { game in
      GameListing(
        game: game.id, title: game.title, modes: game.modes.map { Mode(mode: $0.name, players: $0.seats) },
        bots: game.botLevels)
    }
  }
}
