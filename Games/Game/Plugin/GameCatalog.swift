import Dependencies

/// The games a server hosts, by id: what the server, the wire and the database ask about games
/// without naming any. The catalog module builds the standard one; tests may build their own.
///
/// ```swift
/// let catalog = GameCatalog([TicTacToe.self, WordGrid.self])
/// catalog.variant(game: "wordgrid", mode: nil)  // wordgrid-race
/// ```
public struct GameCatalog: Sendable {
  /// The games, in the order the lobby lists them.
  public let games: [any Game.Type]
  private let byID: [String: any Game.Type]
  private let allMoveTypes: Set<String>

  public init(_ games: [any Game.Type]) {
    self.games = games
    self.byID = Dictionary(games.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.allMoveTypes = games.reduce(into: []) { $0.formUnion($1.moveTypes) }
  }

  /// These games, then `more` (in that order, for the lobby).
  ///
  /// ```swift
  /// await GameServerMain.run(games: .standard + [MyGame.self])
  /// ```
  public static func + (catalog: GameCatalog, more: [any Game.Type]) -> GameCatalog {
    GameCatalog(catalog.games + more)
  }

  /// The game with this wire name.
  public func game(_ id: String) -> (any Game.Type)? { self.byID[id] }

  /// The variant a client asks for with a `game` and an optional `mode` (the game's first mode
  /// when it names none), or nil when no game has it.
  public func variant(game: String, mode: String?) -> GameVariant? {
    guard let type = self.byID[game], let mode = type.mode(named: mode) else { return nil }
    return GameVariant(game: game, mode: mode.name)
  }

  /// The mode a variant is played in, if it is one of these games'.
  public func mode(of variant: GameVariant) -> GameMode? {
    self.byID[variant.game]?.modes.first { $0.name == variant.mode }
  }

  /// Every variant, game by game.
  public var variants: [GameVariant] {
    self.games.flatMap { game in game.modes.map { GameVariant(game: game.id, mode: $0.name) } }
  }

  /// Whether some game reads client messages of this type as moves.
  public func isMoveType(_ type: String) -> Bool { self.allMoveTypes.contains(type) }

  /// The games and modes a client may ask for, as an error message says it:
  /// `tictactoe, or wordgrid with mode race or turns`.
  public var choices: String {
    let items = self.games.map { game in
      game.modes.count == 1 ? game.id : "\(game.id) with mode \(game.modes.map(\.name).joined(separator: " or "))"
    }
    guard items.count > 1 else { return items.first ?? "nothing (no game is installed)" }
    return items.dropLast().joined(separator: ", ") + ", or " + items.last!
  }
}

extension GameCatalog: DependencyKey {
  /// No game: a server gets its games from the catalog module (`GameCatalog.standard`).
  public static let liveValue = GameCatalog([])
}

extension DependencyValues {
  /// The games the server hosts.
  public var games: GameCatalog {
    get { self[GameCatalog.self] }
    set { self[GameCatalog.self] = newValue }
  }
}
