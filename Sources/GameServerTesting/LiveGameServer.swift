import ComposableArchitecture
import Foundation
import GameServerApp
import GameServerCore
import GameServerTransport
import GameServerWire
import Synchronization

/// The whole game server on loopback, for the same end-to-end tests as ``TestGameServer``
/// over real websockets: the app `game-server serve` runs (transport, SQLite in a folder of its
/// own, real clock), and clients on libwebsockets that read what the server sends back as
/// `ServerMessage`s.
///
/// A test written against ``GameServerUnderTest`` runs either way:
///
/// ```swift
/// @Test(arguments: [false, true])
/// func adaTakesTheLastStone(live: Bool) async throws {
///   let games = GameCatalog([Nim.self])
///   let server: any GameServerUnderTest = live ? try await LiveGameServer.start(games: games) : TestGameServer(games: games)
///   let ada = try await server.connect()
///   // ...
///   await server.stop()
/// }
/// ```
///
/// Live, time is real: what a test of ``TestGameServer`` does with its clock (a move clock
/// running out, a bot's thinking time) takes that long here, and a wait for a message gives up
/// after ``timeout``.
@MainActor
public final class LiveGameServer: GameServerUnderTest {
  /// The port it listens on (127.0.0.1).
  public let port: Int
  /// How long a client waits for a message before it says none came.
  public var timeout: Duration = .seconds(10)
  private let app: GameServerApp
  private let clients: WebSocketClients
  private let inbox: LiveInbox
  private let folder: URL
  private var isStopped = false

  private init(app: GameServerApp, clients: WebSocketClients, inbox: LiveInbox, folder: URL) {
    self.app = app
    self.port = app.port
    self.clients = clients
    self.inbox = inbox
    self.folder = folder
  }

  /// Starts a server of `games` on a free port of 127.0.0.1, its SQLite database in a new
  /// temporary folder; `configure` changes anything else of its configuration (settings, limits).
  public static func start(
    games: GameCatalog, configure: (inout AppConfiguration) -> Void = { _ in }
  ) async throws -> LiveGameServer {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-game-server-\(UUID().uuidString)")
    var configuration = AppConfiguration(games: games)
    configuration.transport.host = "127.0.0.1"
    configuration.transport.port = 0
    configuration.transport.eventLoop = .poll
    configuration.dataDirectory = folder.path
    configuration.logger.logLevel = .warning
    configure(&configuration)
    let app = try await GameServerApp.start(configuration)
    let inbox = LiveInbox()
    let clients = WebSocketClients(host: "127.0.0.1", port: app.port)
    try Self.start(clients, into: inbox)
    return LiveGameServer(app: app, clients: clients, inbox: inbox, folder: folder)
  }

  // NB: Nonisolated, so that the handlers, which run on the clients' service thread, are not
  //     isolated to the main actor.
  private nonisolated static func start(_ clients: WebSocketClients, into inbox: LiveInbox) throws {
    try clients.start(
      onEvent: { client, event in inbox.received(event, from: client) },
      onTick: { inbox.flush(to: clients) })
  }

  /// How many connections are open on each of the server's service threads
  /// (`TransportConfiguration.threads`), the first's first: where a connection landed.
  public var connectionsByThread: [Int] { self.app.transport.connectionsByThread }

  /// Opens a websocket connection.
  public func connect() async throws -> TestClient {
    let index = self.inbox.nextClient()
    self.clients.open(count: 1)
    let settled = await self.inbox.wait(until: .now + self.timeout) {
      $0.opened.contains(index) || $0.closed.contains(index)
    }
    guard settled, self.inbox.state({ $0.opened.contains(index) }) else {
      throw LiveGameServerError.cannotConnect(port: self.port)
    }
    return TestClient(server: self, connection: ConnectionID(rawValue: UInt64(index)))
  }

  /// Closes the clients and stops the server (as SIGTERM does), and removes its folder.
  public func stop() async {
    guard !self.isStopped else { return }
    self.isStopped = true
    self.clients.stop()
    await self.app.stop()
    try? FileManager.default.removeItem(at: self.folder)
  }
}

extension LiveGameServer: TestClientBackend {
  var directory: TestClusterDirectory? { nil }

  func send(_ connection: ConnectionID, _ bytes: [UInt8]) async {
    self.inbox.state { $0.outgoing.append((Int(connection.rawValue), bytes)) }
    self.clients.wake()
  }

  func disconnect(_ connection: ConnectionID) async {
    self.inbox.state { $0.closing.append(Int(connection.rawValue)) }
    self.clients.wake()
  }

  func take(_ connection: ConnectionID) -> [ServerMessage] {
    self.inbox.state { $0.messages.removeValue(forKey: Int(connection.rawValue)) ?? [] }
  }

  func putBack(_ messages: [ServerMessage], for connection: ConnectionID) {
    guard !messages.isEmpty else { return }
    self.inbox.state { $0.messages[Int(connection.rawValue), default: []].insert(contentsOf: messages, at: 0) }
  }

  func wait(for connection: ConnectionID, where isWanted: @escaping @Sendable (ServerMessage) -> Bool) async {
    let client = Int(connection.rawValue)
    _ = await self.inbox.wait(until: .now + self.timeout) {
      ($0.messages[client] ?? []).contains(where: isWanted) || $0.closed.contains(client)
    }
  }
}

/// Why a ``LiveGameServer`` could not do what a test asked.
public enum LiveGameServerError: Error, CustomStringConvertible {
  case cannotConnect(port: Int)

  public var description: String {
    switch self {
    case let .cannotConnect(port): "Could not open a websocket to 127.0.0.1:\(port)."
    }
  }
}

/// What the clients' service thread hands the test, and back.
final class LiveInbox: Sendable {
  struct State {
    var messages: [Int: [ServerMessage]] = [:]
    var opened: Set<Int> = []
    var closed: Set<Int> = []
    var clients = 0
    var outgoing: [(Int, [UInt8])] = []
    var closing: [Int] = []
    /// Waits to wake at each event.
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let mutex = Mutex(State())

  func state<T>(_ body: (inout State) -> T) -> T { self.mutex.withLock { body(&$0) } }

  /// The index the next client opened gets (the clients' service thread numbers them in order,
  /// from 1).
  func nextClient() -> Int {
    self.state { state in
      state.clients += 1
      return state.clients
    }
  }

  /// On the service thread: what a client got.
  func received(_ event: WebSocketClients.Event, from client: Int) {
    let waiters = self.state { state -> [CheckedContinuation<Void, Never>] in
      switch event {
      case .opened: state.opened.insert(client)
      case .closed: state.closed.insert(client)
      case let .message(bytes):
        do {
          state.messages[client, default: []].append(try ServerMessage.decode(bytes))
        } catch {
          reportIssue("The server sent what is no server message: \(String(decoding: bytes, as: UTF8.self)) (\(error))")
        }
      }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// On the service thread: sends and closes what the test asked for.
  func flush(to clients: WebSocketClients) {
    let (outgoing, closing) = self.state { state in
      defer { (state.outgoing, state.closing) = ([], []) }
      return (state.outgoing, state.closing)
    }
    for (client, bytes) in outgoing { clients.send(client, bytes) }
    for client in closing { clients.close(client) }
  }

  /// Waits until `condition` holds (true) or `deadline` passes (false).
  func wait(until deadline: ContinuousClock.Instant, _ condition: @escaping @Sendable (State) -> Bool) async -> Bool {
    // NB: A timer wakes the waits once the deadline passes; every event wakes them too.
    let timer = Task { [weak self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      let waiters = self?.state { state -> [CheckedContinuation<Void, Never>] in
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters ?? [] { waiter.resume() }
    }
    defer { timer.cancel() }
    while true {
      if self.state({ condition($0) }) { return true }
      if ContinuousClock.now >= deadline { return false }
      await withCheckedContinuation { continuation in
        let ready = self.state { state -> Bool in
          if condition(state) || ContinuousClock.now >= deadline { return true }
          state.waiters.append(continuation)
          return false
        }
        if ready { continuation.resume() }
      }
    }
  }
}
