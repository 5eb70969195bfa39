import ComposableArchitecture
import Foundation
@_exported import GameServerCore
import GameServerDatabase
@_exported import GameServerWire

/// The whole game server in process, for end-to-end tests of games: the root store in a
/// `TestStore`, an in-memory database, a test clock, and clients that speak the protocol.
///
/// Every message a client sends goes through the wire's decoder, as the transport's would, and
/// every message the server sends it goes out through the live server's edge (`ServerEdge`):
/// written as JSON, held at the gate until the log line it shows is committed, and read back as a
/// client reads it, kept for ``TestClient/receive(_:)``. The in-memory database commits at once,
/// so no view waits for long; a message that shows a log line that failed is never delivered (it
/// is kept in ``dropped``, and a request it answered is answered `unavailable`).
///
/// ```swift
/// let server = TestGameServer(games: GameCatalog([TicTacToe.self]))
/// let ada = await server.connect()
/// await ada.send(.guest(name: "ada"))
/// let welcome = try await ada.receive(\.welcome)
/// ```
@MainActor
public final class TestGameServer {
  /// The root store (not exhaustive: a test asserts on messages, and on state where it wants).
  public let store: TestStoreOf<Server>
  /// The game clocks, bots' thinking and grace periods run on this: advance it.
  public let clock: SettlingTestClock<Duration>
  public let database: DatabaseClient
  /// The messages never delivered because the log line they show failed.
  public let dropped = LockIsolated<[ServerMessage]>([])
  /// The edge its clients' messages come in by and go out by, as a live server's shard does.
  let edge: ServerEdge
  /// The connections the server closed, with the close code (in order): a server of a cluster
  /// closes those in a room that moved to another node.
  public let closed = LockIsolated<[(ConnectionID, code: Int)]>([])
  /// The address of this server as a node of a ``TestCluster``.
  public internal(set) var url: String?
  /// The nodes of its ``TestCluster``, if any: where its clients follow `moved`.
  var directory: TestClusterDirectory?
  private let outbox = LockIsolated<[ConnectionID: [ServerMessage]]>([:])
  private let live: LiveServerState
  /// The id of the latest connection opened (a shard's start apart from the others').
  var lastConnection: UInt64 = 0
  private var isStarted: Bool
  /// The games and dependencies the server runs with, for ``replay(_:)``.
  let games: GameCatalog
  let setDependencies: (inout DependencyValues) -> Void

  /// What the server holds now, also after actions it sent itself.
  public var state: Server.State { self.live.value }

  /// - Parameters:
  ///   - games: The games it hosts: `GameCatalog([MyGame.self])`, or `.standard` (from
  ///     `GameServerCatalog`) for the server's own.
  ///   - settings: The server's settings (limits, clocks, rates).
  ///   - database: The database (in memory by default; `DatabaseClient.inMemory(faults:)` makes
  ///     writes fail as a full disk does).
  ///   - clock: The clock everything runs on.
  ///   - seed: Seeds every random choice (room ids, puzzles, bots).
  ///   - listensToStorage: Whether the first ``connect()`` starts the server listening to the
  ///     database's storage events (`Server.Action.task`), as a live server does.
  ///   - dependencies: Any other dependency to set (a word list for the word grid).
  public init(
    games: GameCatalog,
    settings: Server.Settings = Server.Settings(),
    database: DatabaseClient = .inMemory(),
    clock: SettlingTestClock<Duration> = SettlingTestClock(),
    seed: UInt64 = 1,
    listensToStorage: Bool = true,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    // NB: As a live server refuses to start on such a catalog, the test fails with the reason.
    do {
      try games.check(reserved: ClientMessage.protocolTypes)
    } catch {
      reportIssue(error.description)
    }
    self.isStarted = !listensToStorage
    self.games = games
    self.setDependencies = dependencies
    let outbox = self.outbox
    let dropped = self.dropped
    let closed = self.closed
    let live = LiveServerState(Server.State(settings: settings))
    // NB: The live server's edge, with this process's clients for a sink: every message goes out
    //     as its JSON, through the gate that holds it until its log line is committed, and the
    //     clients read it back as a websocket client would.
    var observer = ServerEdge.Observer()
    observer.dropped = { _, bytes in dropped.withValue { $0.append(Self.read(bytes)) } }
    let edge = ServerEdge(
      status: database.roomLogStatus,
      sink: ServerEdge.Sink(
        send: { connection, bytes in outbox.withValue { $0[connection, default: []].append(Self.read(bytes)) } },
        close: { connection, code, _ in closed.withValue { $0.append((connection, code)) } }),
      schedule: { work in DispatchQueue.main.async(execute: work) }, observer: observer)
    self.edge = edge
    self.clock = clock
    self.database = database
    self.live = live
    let server = Server()
    self.store = TestStore(initialState: Server.State(settings: settings)) {
      Reduce<Server.State, Server.Action> { state, action in
        let effect = server.reduce(into: &state, action: action)
        live.value = state
        return effect
      }
    } withDependencies: {
      $0.continuousClock = clock
      $0.database = database
      $0.games = games
      $0.date = DateGenerator { Date(timeIntervalSince1970: 1_000_000) }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: seed))
      $0.clientChannel = edge.channel
      dependencies(&$0)
    }
    self.store.exhaustivity = .off(showSkippedAssertions: false)
  }

  /// Opens a connection, as a websocket client's.
  public func connect() async -> TestClient {
    self.lastConnection += 1
    return await self.connect(as: ConnectionID(rawValue: self.lastConnection))
  }

  /// Opens the connection with this id (a test that names its connections by number).
  public func connect(as connection: ConnectionID) async -> TestClient {
    await self.start()
    self.lastConnection = max(self.lastConnection, connection.rawValue)
    await self.store.send(ServerEdge.action(.connected, on: connection))
    await self.endRound()
    return self.client(connection)
  }

  /// The client of a connection, open or not: to send as it, or to take what it was sent.
  public func client(_ connection: ConnectionID) -> TestClient {
    TestClient(server: self, connection: connection)
  }

  /// Starts the server listening to the database's storage events (once; the first connection
  /// does, unless `listensToStorage` is false).
  public func start() async {
    guard !self.isStarted else { return }
    self.isStarted = true
    await self.store.send(.task)
  }

  func send(_ connection: ConnectionID, _ bytes: [UInt8]) async {
    await self.store.send(ServerEdge.action(.message(bytes), on: connection))
    await self.endRound()
  }

  func disconnect(_ connection: ConnectionID) async {
    await self.store.send(ServerEdge.action(.disconnected, on: connection))
    await self.endRound()
  }

  /// What a live service thread does at the end of its round: the writes queued meanwhile are
  /// committed, and the messages that waited at the gate for them go. (The in-memory database
  /// commits each write at once; a database on disk commits here.)
  public func endRound() async {
    guard self.edge.heldCount > 0 else { return }
    await self.database.flush()
    self.edge.release()
  }

  /// Takes the messages sent to `connection` so far (those whose lines have committed since:
  /// the database's commits reach a live server's gate by its commit hook, this one's here).
  func take(_ connection: ConnectionID) -> [ServerMessage] {
    self.edge.release()
    return self.outbox.withValue { $0.removeValue(forKey: connection) ?? [] }
  }

  /// Puts back messages a client did not take.
  func putBack(_ messages: [ServerMessage], for connection: ConnectionID) {
    guard !messages.isEmpty else { return }
    self.outbox.withValue { $0[connection, default: []].insert(contentsOf: messages, at: 0) }
  }

  /// Whether `connection` has a message that `isWanted`, without taking it.
  func has(_ connection: ConnectionID, where isWanted: @Sendable (ServerMessage) -> Bool) -> Bool {
    self.edge.release()
    return self.outbox.withValue { ($0[connection] ?? []).contains(where: isWanted) }
  }

  /// Waits for what the server's effects send until `connection` has a message that
  /// `isWanted`, or nothing more can come.
  func wait(for connection: ConnectionID, where isWanted: @escaping @Sendable (ServerMessage) -> Bool) async {
    // NB: A connection handed to another shard waits there (its client follows).
    let handOffs = self.directory?.handOffs
    let isHandedOff = { handOffs?.withValue { $0[connection] != nil } ?? false }
    await self.endRound()
    guard !self.has(connection, where: isWanted), !isHandedOff() else { return }
    await self.store.receive({ _ in self.has(connection, where: isWanted) || isHandedOff() })
    await self.endRound()
  }
}

extension TestGameServer {
  /// A message as a client reads it from its JSON.
  nonisolated static func read(_ bytes: [UInt8]) -> ServerMessage {
    do {
      return try ServerMessage.decode(bytes)
    } catch {
      reportIssue("A message no client can read: \(String(decoding: bytes, as: UTF8.self)) (\(error))")
      return .error(ProtocolError(code: "unreadable", message: String(decoding: bytes, as: UTF8.self)))
    }
  }
}

/// The server's latest state, written by its reducer and read by the test.
private final class LiveServerState: @unchecked Sendable {
  // NB: Written on the test store's executor and read on the main actor, one at a time: the
  // test reads it only between its own steps.
  var value: Server.State

  init(_ value: Server.State) {
    self.value = value
  }
}
