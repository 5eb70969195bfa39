import ArgumentParser
import Foundation
@_exported import GameServerGame
import Synchronization

/// The game server's command line for any catalog: what `game-server` runs with the standard
/// games, and what a package of one's own runs with its games.
///
/// ```swift
/// import GameServerCatalog
/// import GameServerMain
///
/// @main struct MyServer {
///   static func main() async {
///     await GameServerMain.run(games: .standard + [MyGame.self], publicDirectory: "Public")
///   }
/// }
/// ```
///
/// `my-server` (the default command, `serve`) then takes every option of `game-server serve`,
/// with the same defaults, checks and messages, and each game's own start options
/// (`GameStartOption`, such as the word grid's `--dictionary PATH`), which `serve --help`
/// lists under "Game options".
public enum GameServerMain {
  /// Parses `arguments` and runs the command they name: `serve` (the default), or one of
  /// `commands`. Returns when the server has stopped (SIGINT or SIGTERM); exits the process, as
  /// an `ArgumentParser` command does, on `--help` (status 0), a usage mistake (64, with the
  /// usage) or a failure to start (1, with one line: a port in use, a catalog that cannot be
  /// served, a start option's value).
  ///
  /// - Parameters:
  ///   - games: The games served. Refused at start, saying which, if two have one id or a
  ///     game's moves are named as the protocol's own messages.
  ///   - publicDirectory: A folder of your own, served at `/` over the built-in browser client
  ///     (`--public-directory`): its `games/<id>.js` beside the built-in games' scripts, and
  ///     any file of a name the client has (`style.css`) instead of the client's.
  ///   - abstract: The line `--help` begins with.
  ///   - commands: More subcommands, beside `serve`.
  ///   - arguments: The command line without the executable's name (the process's by default).
  public static func run(
    games: GameCatalog,
    publicDirectory: String? = nil,
    abstract: String = "Serve games over websockets, with the browser client at /.",
    commands: [any ParsableCommand.Type] = [],
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async {
    let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "game-server"
    var context = ServeContext(
      name: name, abstract: abstract, games: games, publicDirectory: publicDirectory, commands: commands)
    var rest = arguments
    do {
      try GameOptionArguments.checkNames(of: games)
      if GameOptionArguments.isServe(arguments, commands: commands) {
        (context.gameOptions, rest) = try GameOptionArguments.extract(games.startOptions, from: arguments)
      }
    } catch let error as GameStartError {
      FileHandle.standardError.write(Data("\(name): cannot start: \(error)\n".utf8))
      Foundation.exit(ExitCode.failure.rawValue)
    } catch {
      ServeContext.set(context)
      MainCommand.exit(withError: error)
    }
    ServeContext.set(context)
    await MainCommand.main(rest)
  }
}

/// What ``GameServerMain/run(games:publicDirectory:abstract:commands:arguments:)`` was given,
/// for the commands `ArgumentParser` makes: set once, before parsing.
struct ServeContext: @unchecked Sendable {
  // NB: @unchecked for the command types (metatypes of a protocol that is not Sendable), which
  //     are never mutated.
  var name = "game-server"
  var abstract = ""
  var games = GameCatalog([])
  var publicDirectory: String?
  var commands: [any ParsableCommand.Type] = []
  /// The values of the games' start options, by name.
  var gameOptions: [String: String] = [:]

  private static let current = Mutex(ServeContext())

  static func set(_ context: ServeContext) {
    Self.current.withLock { $0 = context }
  }

  static var value: ServeContext {
    Self.current.withLock { $0 }
  }
}

/// The root command: `serve` by default, and the commands the executable adds.
struct MainCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    let context = ServeContext.value
    return CommandConfiguration(
      commandName: context.name, abstract: context.abstract,
      subcommands: [ServeCommand.self, ExportGameCommand.self] + context.commands, defaultSubcommand: ServeCommand.self)
  }
}
