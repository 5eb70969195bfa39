import ArgumentParser
import Foundation
import GameServerConnectFour
import GameServerTicTacToe
import GameServerTransport
import GameServerWordGrid

extension TicTacToeBot: ExpressibleByArgument {}
extension ConnectFourBot: ExpressibleByArgument {}
extension WordGridBot: ExpressibleByArgument {}
extension TransportConfiguration.EventLoop: ExpressibleByArgument {}

/// `game-load`: many bots on websockets at once, playing tic-tac-toe, Connect Four or the word
/// grid with each game's own bot, measuring a game server.
///
/// Starts `game-server serve` on a free port (or uses `--port`), opens the connections, lets
/// them play as fast as the protocol allows for `--seconds`, and prints moves and views per
/// second, move-to-view latency, the server's CPU per delivered view (from /proc) and its
/// resident memory per connection. `--idle` only logs the connections in and measures memory.
/// `--relay-floor` measures what the kernel alone costs per delivered message (``RelayFloor``),
/// with `--move-interval` in the open loop.
@main
struct LoadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "game-load",
    abstract: "Bots that play tic-tac-toe, Connect Four or the word grid against each other, as a load test.")

  @Option(help: "Connections (an even number: rooms of 2).") var connections = 64
  @Option(help: "Seconds of measured play.") var seconds = 10.0
  @Option(help: "The game-server executable to start.") var server = LoadCommand.siblingServer
  @Option(help: "The server it starts stores in this PostgreSQL database (postgres://…) instead of SQLite.")
  var database: String?
  @Option(help: "With --database: start this many nodes of a cluster (--cluster) and spread the connections over them.")
  var nodes = 1
  @Option(help: "Use a server already running on this port (and --server-pid).") var port: Int?
  @Option(help: "The running server's process id, for CPU and memory.") var serverPid: Int32?
  @Flag(help: "Log the connections in and measure memory only.") var idle = false
  @Option(help: "How the bots play: random or perfect.") var bot = TicTacToeBot.random
  @Option(help: "The game: tictactoe, connectfour, wordgrid-race or wordgrid-turns.") var game = "tictactoe"
  @Option(help: "The Connect Four bot: random or strong.") var connectFourBot = ConnectFourBot.random
  @Option(help: "The word-grid bot: easy or hard.") var wordBot = WordGridBot.hard
  @Flag(
    help:
      "Measure the floor instead: a bare relay's CPU per delivered message, no server (with --move-interval, the open loop's floor and its players per core)."
  )
  var relayFloor = false
  @Option(
    help:
      "Open loop: each room makes one move per this many seconds (the players alternate), instead of as fast as the protocol allows (board games)."
  )
  var moveInterval: Double?
  @Option(help: "How the server started here and the load's own clients wait for events: poll or libuv.")
  var eventLoop = TransportConfiguration.EventLoop.poll
  @Option(
    help:
      "Bind the connections to this many loopback source addresses in turn (127.0.0.1, 127.0.0.2, …): about 28,000 ports each. Default: one per 10,000 connections."
  )
  var sourceAddresses: Int?
  @Option(help: "The service threads of the server started here (its --threads).") var threads = 1
  @Option(
    help:
      "Threads of the load's own clients, the connections dealt among them (so that the load is not bounded by one core)."
  )
  var loadThreads = 1
  @Option(
    help:
      "Pin the server started here to these cores (taskset -c, e.g. 0 or 0-3); run the load itself under taskset on the others."
  )
  var serverCores: String?

  static var siblingServer: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("game-server").path
  }

  func run() throws {
    guard self.connections >= 2, self.connections % 2 == 0 else {
      throw ValidationError("--connections must be an even number of at least 2 (rooms of 2)")
    }
    if let interval = self.moveInterval {
      guard interval > 0, interval <= 3_600 else {
        throw ValidationError("--move-interval must be above 0 and at most 3600 seconds")
      }
    }
    if self.relayFloor {
      print(
        try RelayFloor(connections: self.connections, moveInterval: self.moveInterval).measure(seconds: self.seconds)
          .table)
      return
    }
    guard (1...16).contains(self.nodes) else { throw ValidationError("--nodes must be 1 to 16") }
    guard self.nodes == 1 || (self.database != nil && self.port == nil) else {
      throw ValidationError("--nodes above 1 needs --database (PostgreSQL), and starts its own servers (no --port)")
    }
    let servers = try self.port.map { [(nil, $0)] } ?? (0..<self.nodes).map { _ in try self.startServer() }
    defer { for (process, _) in servers { process?.terminate() } }
    let pids =
      servers.compactMap { $0.0?.processIdentifier } + (self.port != nil ? [self.serverPid].compactMap { $0 } : [])
    guard !pids.isEmpty else { throw ValidationError("Give --server-pid with --port") }
    let game = try LoadGame.make(self.game, bot: self.bot, connectFourBot: self.connectFourBot, wordBot: self.wordBot)
    if self.moveInterval != nil {
      guard game.isBoardGame else {
        throw ValidationError("--move-interval paces the board games (tictactoe, connectfour)")
      }
    }
    guard (1...64).contains(self.loadThreads), self.loadThreads <= self.connections / 2 else {
      throw ValidationError("--load-threads must be 1 to 64, and at most half the connections")
    }
    let addresses = max(1, min(250, self.sourceAddresses ?? (self.connections + 9_999) / 10_000))
    let tally = LoadTally()
    // NB: Each thread an even share, so that its batches fill rooms of 2.
    let pairs = self.connections / 2
    let runs = try (0..<self.loadThreads).map { shard in
      try LoadRun(
        ports: servers.map(\.1), serverPIDs: pids,
        connections: 2 * (pairs / self.loadThreads + (shard < pairs % self.loadThreads ? 1 : 0)), idle: self.idle,
        game: game, moveInterval: self.moveInterval.map { .nanoseconds(Int64($0 * 1e9)) }, eventLoop: self.eventLoop,
        sourceAddresses: addresses == 1 ? [] : (1...addresses).map { "127.0.0.\($0)" }, shard: shard, tally: tally)
    }
    print(try LoadRun.measure(runs, seconds: self.seconds).table)
  }

  private func startServer() throws -> (Process?, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: self.serverCores == nil ? self.server : "/usr/bin/taskset")
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("game-load-\(getpid())-\(UUID())").path
    // NB: A node of a cluster must know its address before it starts: a port free now.
    let port = self.nodes > 1 ? try Self.freePort() : 0
    let cluster = self.nodes > 1 ? ["--cluster", "--node-url", "ws://127.0.0.1:\(port)/"] : []
    let pinning = self.serverCores.map { ["-c", $0, self.server] } ?? []
    process.arguments =
      pinning + [
        "serve", "--port", String(port), "--data", data, "--max-connections", String(self.connections + 100),
        "--max-messages-per-second", "10000", "--move-time-limit", "300", "--threads", String(self.threads),
      ] + ["--event-loop", self.eventLoop.rawValue] + (self.database.map { ["--database", $0] } ?? []) + cluster
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

  /// A loopback port no socket has now.
  static func freePort() throws -> Int {
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(probe) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(probe, address, length) == 0 && getsockname(probe, address, &length) == 0
      }
    }
    guard bound else { throw ValidationError("No free port: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
