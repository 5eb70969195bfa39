import GameServerCatalog
import GameServerMain

/// The game server's command line: `serve` (the default) with the standard games, and the
/// harness that prints puzzles and bot games as JSON.
@main
enum GameServerCommand {
  static func main() async {
    await GameServerMain.run(
      games: .standard, abstract: "The multiplayer game server, and a harness for its games.",
      commands: [PuzzleCommand.self, SelfPlayCommand.self])
  }
}
