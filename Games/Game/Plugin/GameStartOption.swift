import Dependencies

/// Something a game needs read once, when a server starts, and the `serve` option that names
/// it: the word grid's word list (`--dictionary PATH`) is one. The server names no game: it
/// asks its catalog for every game's options, reads their values, and runs each option's
/// `prepare` before it serves, with the dependencies it returns set on every room.
///
/// ```swift
/// public static let startOptions = [
///   GameStartOption(name: "dictionary", help: "A word list (default: Debian's wamerican-large).") { path in
///     let words = try WordDictionary.served(from: path)   // throws the line the server prints
///     return { $0.wordDictionary = words }
///   }
/// ]
/// ```
public struct GameStartOption: Sendable {
  /// Sets what a game needs on the dependencies it runs with.
  public typealias Setup = @Sendable (inout DependencyValues) -> Void

  /// The option's name, given as `--NAME VALUE`: lowercase letters, digits and dashes.
  public let name: String
  /// One line for `serve --help`, with the default when the option is not given.
  public let help: String
  /// Reads the option's value (nil when it is not given) into what the game needs. What it
  /// throws stops the server from starting, and its description is the line printed.
  public let prepare: @Sendable (_ value: String?) throws -> Setup

  public init(name: String, help: String, prepare: @escaping @Sendable (_ value: String?) throws -> Setup) {
    self.name = name
    self.help = help
    self.prepare = prepare
  }
}

/// Why a game's start option could not be read, in one line a person can act on.
public struct GameStartError: Error, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

extension GameCatalog {
  /// Every game's start options, each name once (the first game's, for two of one name), in
  /// the games' order.
  public var startOptions: [GameStartOption] {
    var seen: Set<String> = []
    var options: [GameStartOption] = []
    for game in self.games {
      // NB: A loop, not `flatMap(\.startOptions)`: a key path to a static member of an
      // existential metatype crashes Swift 6.3.1's SIL generation.
      for option in game.startOptions where seen.insert(option.name).inserted {
        options.append(option)
      }
    }
    return options
  }

  /// Prepares every game's start options from `values` (by option name; a missing one is not
  /// given): what to set on the dependencies the games run with. Throws the first option's
  /// error.
  public func prepare(_ values: [String: String]) throws -> GameStartOption.Setup {
    let setups = try self.startOptions.map { try $0.prepare(values[$0.name]) }
    return { dependencies in
      for setup in setups { setup(&dependencies) }
    }
  }
}

extension GameCatalog {
  /// Refuses a catalog a server cannot serve, saying which games: two games of one id (the
  /// second would never be reached), or a game whose move types take a name of the protocol's
  /// own messages (`reserved`: its moves would never reach it).
  ///
  /// ```swift
  /// try GameCatalog([TicTacToe.self, TicTacToe.self]).check(reserved: [])
  /// // Two games have the id "tictactoe": GameServerTicTacToe.TicTacToe and GameServerTicTacToe.TicTacToe.
  /// ```
  public func check(reserved: Set<String>) throws(GameStartError) {
    var byID: [String: any Game.Type] = [:]
    for game in self.games {
      if let first = byID[game.id] {
        throw GameStartError(
          "Two games have the id \"\(game.id)\": \(String(reflecting: first)) and \(String(reflecting: game)).")
      }
      byID[game.id] = game
      let clashing = game.moveTypes.intersection(reserved).sorted()
      if !clashing.isEmpty {
        throw GameStartError(
          "The game \"\(game.id)\" has moves named as the protocol's own messages: "
            + clashing.joined(separator: ", ") + ".")
      }
    }
  }
}
