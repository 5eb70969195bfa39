import ArgumentParser
import GameServerConnectFour
import Foundation
import GameServerTicTacToe
import GameServerTransport
import GameServerWordGrid

extension TicTacToeBot: ExpressibleByArgument {}
extension ConnectFourBot: ExpressibleByArgument {}
extension WordGridBot: ExpressibleByArgument {}

/// `game-load`: many bots on websockets at once, playing tic-tac-toe, Connect Four or the word
/// grid with each game's own bot, measuring a game server.
///
/// Starts `game-server serve` on a free port (or uses `--port`), opens the connections, lets
/// them play as fast as the protocol allows for `--seconds`, and prints moves and views per
/// second, move-to-view latency, the server's CPU per delivered view (from /proc) and its
/// resident memory per connection. `--idle` only logs the connections in and measures memory.
/// `--relay-floor` measures what the kernel alone costs per delivered message (``RelayFloor``).
@main
struct LoadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "game-load", abstract: "Bots that play tic-tac-toe, Connect Four or the word grid against each other, as a load test.")

  @Option(help: "Connections (an even number: rooms of 2).") var connections = 64
  @Option(help: "Seconds of measured play.") var seconds = 10.0
  @Option(help: "The game-server executable to start.") var server = LoadCommand.siblingServer
  @Option(help: "The server it starts stores in this PostgreSQL database (postgres://…) instead of SQLite.")
  var database: String?
  @Option(help: "Use a server already running on this port (and --server-pid).") var port: Int?
  @Option(help: "The running server's process id, for CPU and memory.") var serverPid: Int32?
  @Flag(help: "Log the connections in and measure memory only.") var idle = false
  @Option(help: "How the bots play: random or perfect.") var bot = TicTacToeBot.random
  @Option(help: "The game: tictactoe, connectfour, wordgrid-race or wordgrid-turns.") var game = "tictactoe"
  @Option(help: "The Connect Four bot: random or strong.") var connectFourBot = ConnectFourBot.random
  @Option(help: "The word-grid bot: easy or hard.") var wordBot = WordGridBot.hard
  @Flag(help: "Measure the floor instead: a bare poll relay's CPU per delivered message, no server.")
  var relayFloor = false

  static var siblingServer: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("game-server").path
  }

  func run() throws {
    guard self.connections >= 2, self.connections % 2 == 0 else {
      throw ValidationError("--connections must be an even number of at least 2 (rooms of 2)")
    }
    if self.relayFloor {
      print(try RelayFloor(connections: self.connections).measure(seconds: self.seconds).table)
      return
    }
    let (process, port) = try self.port.map { (nil, $0) } ?? startServer()
    defer { process?.terminate() }
    guard let pid = process?.processIdentifier ?? self.serverPid else {
      throw ValidationError("Give --server-pid with --port")
    }
    let game = try LoadGame.make(self.game, bot: self.bot, connectFourBot: self.connectFourBot, wordBot: self.wordBot)
    let report = try LoadRun(
      port: port, serverPID: pid, connections: self.connections, idle: self.idle, game: game
    ).measure(seconds: self.seconds)
    print(report.table)
  }

  private func startServer() throws -> (Process?, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: self.server)
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("game-load-\(getpid())").path
    process.arguments = [
      "serve", "--port", "0", "--data", data, "--max-connections", String(self.connections + 100),
      "--max-messages-per-second", "10000", "--move-time-limit", "300",
    ] + (self.database.map { ["--database", $0] } ?? [])
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
      line.append(byte)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let port = text.split(separator: ":").last.flatMap({ Int($0) }) else {
      process.terminate()
      throw ValidationError("game-server did not start: \(text)")
    }
    return (process, port)
  }
}
