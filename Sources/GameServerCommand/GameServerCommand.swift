import ArgumentParser

/// The game server's command line: `serve` (the default), and the harness that prints puzzles
/// and bot games as JSON.
@main
struct GameServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "game-server",
    abstract: "The multiplayer game server, and a harness for its games.",
    subcommands: [ServeCommand.self, PuzzleCommand.self, SelfPlayCommand.self],
    defaultSubcommand: ServeCommand.self
  )
}
