import ArgumentParser
import Foundation
import GameServerApp
import GameServerGame
import GameServerPostgres
import GameServerTransport
import Logging

/// `game-server serve`: listens for websocket clients and serves the browser client, for the
/// games of ``GameServerMain/run(games:publicDirectory:abstract:commands:arguments:)``.
struct ServeCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "serve", abstract: "Serve games over websockets, with the browser client at /.",
      discussion: GameOptionArguments.help(ServeContext.value.games.startOptions))
  }

  /// The names of this command's own options, which no game's start option may take (a test
  /// holds it to the help).
  static let optionNames: Set<String> = [
    "host", "port", "data", "database", "cluster", "node-url", "lease-seconds", "public-directory",
    "max-message-bytes", "max-queued-bytes", "max-connections", "max-messages-per-second", "grace-period",
    "ping-interval", "event-loop", "log-level", "tls-certificate", "tls-key", "allowed-origin", "move-time-limit",
    "turn-time-limit", "threads", "help", "version",
  ]

  @Option(help: "The address to listen on.") var host = "127.0.0.1"
  // NB: The numbers are read `.unconditional`: `--port -1` is the value -1 (refused for its
  //     range), not a missing value followed by an option named `-1`.
  @Option(parsing: .unconditional, help: "The port to listen on (0 picks a free one).") var port = 8080
  @Option(help: "The folder for the embedded SQLite database (and anything else kept locally).") var data = "data"
  @Option(help: "Store everything in PostgreSQL instead of SQLite: postgres://USER[:PASSWORD]@HOST:PORT/DATABASE.")
  var database: String?
  @Flag(help: "Join a cluster of servers sharing the --database (PostgreSQL).") var cluster = false
  @Option(
    help:
      "With --cluster: the address clients reach this server at (default ws://HOST:PORT/, wss:// with --tls-certificate)."
  ) var nodeURL: String?
  @Option(
    parsing: .unconditional,
    help: "With --cluster: seconds this server's rooms stay its own without a heartbeat (one a second).")
  var leaseSeconds = 5
  @Option(help: "The folder of the browser client (the built-in one by default).")
  var publicDirectory = ServeCommand.defaultPublicDirectory
  @Option(parsing: .unconditional, help: "The largest message a client may send, in bytes.") var maxMessageBytes =
    16 * 1024
  @Option(parsing: .unconditional, help: "The most bytes queued for a slow reader before it is disconnected.")
  var maxQueuedBytes = 1 << 20
  @Option(parsing: .unconditional, help: "The most connections at once.") var maxConnections = 20_000
  @Option(
    parsing: .unconditional,
    help:
      "Service threads taking connections, on one port (default: the cores this process may use, \(ServeCommand.availableCores) here). The store of the rooms runs on the first; 1 runs everything on one thread."
  )
  var threads = ServeCommand.availableCores
  @Option(parsing: .unconditional, help: "The most messages a connection may send per second.")
  var maxMessagesPerSecond = 50
  @Option(parsing: .unconditional, help: "Seconds a dropped player keeps their seat.") var gracePeriod = 30
  @Option(
    parsing: .unconditional,
    help: "Seconds of silence before a connection is pinged; one that stays silent twice as long is dropped.")
  var pingInterval = 30
  @Option(
    help:
      "How the transport waits for events: auto (libuv when it loads, else poll), poll (libwebsockets' own loop) or libuv (epoll, whose cost does not grow with the connections; needs libuv1 and libwebsockets-evlib-uv)."
  )
  var eventLoop = TransportConfiguration.EventLoop.automatic
  @Option(help: "trace, debug, info, notice, warning, error or critical.") var logLevel = "info"
  @Option(help: "A PEM certificate: serve https and wss (needs --tls-key).") var tlsCertificate: String?
  @Option(help: "The PEM private key for --tls-certificate.") var tlsKey: String?
  @Option(help: "An Origin allowed to open a websocket (repeat it; none allows all).") var allowedOrigin: [String] = []
  @Option(
    parsing: .unconditional,
    help:
      "Seconds per move in a turn-based game (tic-tac-toe, Connect Four, Battleship's shots; Battleship's placing round gets three times it, at least 60)."
  ) var moveTimeLimit = 30
  @Option(parsing: .unconditional, help: "Seconds per turn in the word grid's turns (a turn not taken passes).")
  var turnTimeLimit = 60

  /// The browser client in the source tree, next to this file.
  static var defaultPublicDirectory: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Public").path
  }

  func validate() throws {
    guard Logger.Level(rawValue: self.logLevel) != nil else {
      throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
    }
    guard (self.tlsCertificate == nil) == (self.tlsKey == nil) else {
      throw ValidationError("--tls-certificate and --tls-key go together")
    }
    guard !self.host.isEmpty else { throw ValidationError("--host must not be empty") }
    if self.cluster {
      guard self.database != nil else { throw ValidationError("--cluster needs a PostgreSQL --database") }
      guard self.nodeURL != nil || self.port != 0 else {
        throw ValidationError("--cluster with --port 0 needs --node-url: clients must know where this server is")
      }
    } else if self.nodeURL != nil {
      throw ValidationError("--node-url goes with --cluster")
    }
    try Self.check("--lease-seconds", self.leaseSeconds, in: 2...3600)
    if let url = self.nodeURL, !(url.hasPrefix("ws://") || url.hasPrefix("wss://")) {
      throw ValidationError("--node-url must be a ws:// or wss:// address, not \(url)")
    }
    if let database = self.database {
      do {
        _ = try PostgresLocation(database)
      } catch {
        throw ValidationError("--database: \(error)")
      }
    }
    try Self.check("--port", self.port, in: 0...65_535)
    try Self.check("--max-message-bytes", self.maxMessageBytes, in: 256...(16 << 20))
    try Self.check("--max-queued-bytes", self.maxQueuedBytes, in: 4096...(1 << 30))
    try Self.check("--max-connections", self.maxConnections, in: 1...1_000_000)
    try Self.check("--threads", self.threads, in: 1...Self.maxThreads)
    try Self.check("--max-messages-per-second", self.maxMessagesPerSecond, in: 1...1_000_000)
    try Self.check("--grace-period", self.gracePeriod, in: 0...86_400)
    // NB: lws keeps the hang-up time (twice this) in 16 bits.
    try Self.check("--ping-interval", self.pingInterval, in: 1...32_767)
    try Self.check("--move-time-limit", self.moveTimeLimit, in: 1...86_400)
    try Self.check("--turn-time-limit", self.turnTimeLimit, in: 1...86_400)
    for (option, path) in [("--tls-certificate", self.tlsCertificate), ("--tls-key", self.tlsKey)] {
      if let path, !FileManager.default.isReadableFile(atPath: path) {
        throw ValidationError("\(option) \(path) is not a readable file")
      }
    }
    try Self.checkPEM("--tls-certificate", self.tlsCertificate, holds: "CERTIFICATE", "certificate")
    try Self.checkPEM("--tls-key", self.tlsKey, holds: "PRIVATE KEY", "private key")
  }

  /// Refuses a PEM file that holds no block of `label` (`-----BEGIN … label-----`): the
  /// certificate and the key given the other way round, or something else altogether.
  static func checkPEM(_ option: String, _ path: String?, holds label: String, _ what: String) throws {
    guard let path else { return }
    // NB: A certificate chain or a key is a few KiB; more is no PEM file of ours to read whole.
    guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20 else {
      throw ValidationError("\(option) \(path) is not a PEM file (unreadable, or over 1 MiB)")
    }
    let text = String(decoding: data, as: UTF8.self)
    let blocks = text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("-----BEGIN ") }
    guard blocks.contains(where: { $0.hasSuffix(label + "-----") }) else {
      let found = blocks.first.map { " (it holds \($0))" } ?? ""
      throw ValidationError("\(option) \(path) holds no \(what)\(found)")
    }
  }

  /// The cores this process may run on (its CPU affinity and any cgroup quota).
  static var availableCores: Int { max(1, min(ProcessInfo.processInfo.activeProcessorCount, Self.maxThreads)) }

  /// The most service threads `--threads` takes.
  static let maxThreads = 256

  /// Refuses a value outside `range`, naming the option.
  static func check(_ option: String, _ value: Int, in range: ClosedRange<Int>) throws {
    guard range.contains(value) else {
      throw ValidationError("\(option) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
    }
  }

  func run() async throws {
    let level = Logger.Level(rawValue: self.logLevel) ?? .info
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let context = ServeContext.value
    let name = context.name
    var configuration = AppConfiguration(games: context.games)
    configuration.transport.host = self.host
    configuration.transport.port = self.port
    let folder: MergedFolder?
    do {
      folder = try context.publicDirectory.map { try MergedFolder(layers: [$0, self.publicDirectory]) }
    } catch {
      FileHandle.standardError.write(Data("\(name): cannot start: \(error)\n".utf8))
      throw ExitCode.failure
    }
    defer { folder?.remove() }
    configuration.transport.staticDirectory = folder?.path ?? self.publicDirectory
    configuration.transport.maxMessageBytes = self.maxMessageBytes
    configuration.transport.maxQueuedBytes = self.maxQueuedBytes
    configuration.transport.maxConnections = self.maxConnections
    configuration.transport.threads = self.threads
    configuration.transport.pingInterval = self.pingInterval
    configuration.transport.eventLoop = self.eventLoop
    configuration.transport.maxMessagesPerSecond = self.maxMessagesPerSecond
    configuration.transport.tlsCertificatePath = self.tlsCertificate
    configuration.transport.tlsPrivateKeyPath = self.tlsKey
    configuration.transport.allowedOrigins = self.allowedOrigin
    configuration.dataDirectory = self.data
    configuration.postgres = try self.database.map { try PostgresLocation($0) }
    if self.cluster {
      let scheme = self.tlsCertificate == nil ? "ws" : "wss"
      configuration.cluster = (self.nodeURL ?? "\(scheme)://\(self.host):\(self.port)/", .seconds(self.leaseSeconds))
    }
    configuration.gameOptions = context.gameOptions
    configuration.server.gracePeriod = .seconds(self.gracePeriod)
    configuration.server.moveTimeLimit = .seconds(self.moveTimeLimit)
    configuration.server.turnTimeLimit = .seconds(self.turnTimeLimit)
    let app: GameServerApp
    do {
      app = try await GameServerApp.start(configuration)
    } catch {
      // NB: One line and a failing status: a start-up failure is not a usage mistake.
      FileHandle.standardError.write(Data("\(name): cannot start: \(error)\n".utf8))
      throw ExitCode.failure
    }
    // NB: Written straight to the file descriptor so that scripts waiting for it see it at once.
    let scheme = self.tlsCertificate == nil ? "http" : "https"
    FileHandle.standardOutput.write(Data("\(name) listening on \(scheme)://\(self.host):\(app.port)\n".utf8))
    // NB: In the log, not on standard output, whose first line scripts read the port from.
    configuration.logger.notice(
      "Event loop: \(app.transport.eventLoop.rawValue), service threads: \(app.transport.threads)")
    await app.waitForSignal()
    configuration.logger.notice("Stopping: closing connections")
    await app.stop()
  }
}

extension TransportConfiguration.EventLoop: ExpressibleByArgument {}
