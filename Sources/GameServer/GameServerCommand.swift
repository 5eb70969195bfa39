import ArgumentParser

/// The game server's command line: serving (coming with the transport), and the harness that
/// prints puzzles and bot games as JSON.
@main
struct GameServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "game-server",
    abstract: "The multiplayer game server, and a harness for its games.",
    subcommands: [PuzzleCommand.self, SelfPlayCommand.self]
  )
}
