import ArgumentParser
import GameServerGame

/// The games' start options on `serve`'s command line: read, and taken out, before
/// `ArgumentParser` parses the rest (it knows only options declared in code).
enum GameOptionArguments {
  /// Whether `arguments` run `serve`: named, or the default (no subcommand first).
  static func isServe(_ arguments: [String], commands: [any ParsableCommand.Type]) -> Bool {
    guard let first = arguments.first, !first.hasPrefix("-") else { return true }
    return first != ExportGameCommand._commandName && !commands.contains { $0._commandName == first }
  }

  /// The values of `options` in `arguments` (`--NAME VALUE` or `--NAME=VALUE`; the last one
  /// given, as for `serve`'s own options), and the arguments left. Nothing after `--` is read.
  static func extract(
    _ options: [GameStartOption], from arguments: [String]
  ) throws -> (values: [String: String], rest: [String]) {
    let names = Set(options.map(\.name))
    var values: [String: String] = [:]
    var rest: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        rest.append(contentsOf: arguments[(index - 1)...])
        break
      }
      guard argument.hasPrefix("--") else {
        rest.append(argument)
        continue
      }
      let body = argument.dropFirst(2)
      if let equals = body.firstIndex(of: "="), names.contains(String(body[..<equals])) {
        values[String(body[..<equals])] = String(body[body.index(after: equals)...])
      } else if names.contains(String(body)) {
        guard index < arguments.endIndex, !arguments[index].hasPrefix("--") else {
          throw ValidationError("\(argument) needs a value")
        }
        values[String(body)] = arguments[index]
        index += 1
      } else {
        rest.append(argument)
      }
    }
    return (values, rest)
  }

  /// Refuses a game's start option whose name is not `--NAME` material (lowercase letters,
  /// digits, dashes) or is one of `serve`'s own options, saying which game.
  static func checkNames(of games: GameCatalog) throws(GameStartError) {
    var declared: [(game: String, options: [GameStartOption])] = []
    for game in games.games { declared.append((game.id, game.startOptions)) }
    try Self.checkNames(declared)
  }

  static func checkNames(_ declared: [(game: String, options: [GameStartOption])]) throws(GameStartError) {
    for (game, options) in declared {
      for option in options {
        let allowed =
          !option.name.isEmpty && option.name.first != "-"
          && option.name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard allowed else {
          throw GameStartError(
            "The game \"\(game)\" has a start option named \"\(option.name)\": "
              + "a name is lowercase letters, digits and dashes.")
        }
        guard !ServeCommand.optionNames.contains(option.name) else {
          throw GameStartError(
            "The game \"\(game)\" has a start option named as serve's own --\(option.name).")
        }
      }
    }
  }

  /// `serve --help`'s section on the games' options.
  static func help(_ options: [GameStartOption]) -> String {
    guard !options.isEmpty else { return "" }
    let lines = options.map { option in
      let flag = "  --\(option.name) <\(option.name)>"
      let pad =
        flag.count < 26 ? String(repeating: " ", count: 26 - flag.count) : "\n" + String(repeating: " ", count: 26)
      return flag + pad + option.help
    }
    return "Game options (from the games served):\n" + lines.joined(separator: "\n")
  }
}
