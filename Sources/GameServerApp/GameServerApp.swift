import ComposableArchitecture
import GameServerDatabase
import GameServerSQLite
import GameServerCluster
import GameServerPostgres
import Dispatch
import Foundation
import GameServerClock
import GameServerCore
import GameServerGame
import GameServerMatchmaking
import GameServerWire
import GameServerTransport
import Logging

/// The running server: the database, the rooms recovered from it, the root store on the
/// transport's first service thread, and the websocket transport feeding it (its other service
/// threads, `TransportConfiguration.threads`, hand their connections' events to that one).
///
/// ```swift
/// let app = try await GameServerApp.start(configuration)
/// print("listening on", app.port)
/// await app.waitForSignal()
/// await app.stop()
/// ```
public final class GameServerApp: @unchecked Sendable {
  public let transport: WebSocketServer
  let actor: StoreActor
  let box: TransportIntake
  let database: DatabaseClient
  let delivery: LiveDelivery

  public var port: Int { self.transport.port }

  init(transport: WebSocketServer, actor: StoreActor, box: TransportIntake, database: DatabaseClient, delivery: LiveDelivery) {
    self.transport = transport
    self.actor = actor
    self.box = box
    self.database = database
    self.delivery = delivery
  }

  /// Opens the database, recovers the rooms, and starts listening.
  public static func start(_ configuration: AppConfiguration) async throws -> GameServerApp {
    let games = configuration.games
    let gameSetup: GameStartOption.Setup
    do {
      try games.check(reserved: ClientMessage.protocolTypes)
      gameSetup = try games.prepare(configuration.gameOptions)
    } catch {
      throw StartupError.game("\(error)")
    }
    try StartupError.checkDataDirectory(configuration.dataDirectory)
    let logger = configuration.logger
    let commits = CommitHook()
    let database: DatabaseClient
    var cluster = ClusterClient.standalone
    // NB: Commits start when a round of the service thread is over, so that the round's writes
    // share one; views wait for their lines, so a commit per write would cost more.
    if let location = configuration.postgres, let node = configuration.cluster {
      do {
        let rules = configuration.server.matchmaking
        let joined = try await DatabaseClient.postgresCluster(
          location, url: node.url, lease: node.lease, pairing: Self.pairing(rules), commitPolicy: .whenAsked, onCommit: { commits.fire() },
          onEvent: { logger.log($0) }, logger: Self.postgresLogger(logger), noticeLogger: logger)
        database = joined.database
        cluster = joined.cluster.clusterClient
      } catch {
        throw StartupError.database("\(location)", error)
      }
      logger.info("Storing in PostgreSQL, as a node of a cluster", metadata: ["database": "\(location)", "url": "\(node.url)"])
    } else if let location = configuration.postgres {
      do {
        database = try await DatabaseClient.postgres(
          location, commitPolicy: .whenAsked, onCommit: { commits.fire() }, onEvent: { logger.log($0) },
          logger: Self.postgresLogger(logger))
      } catch {
        throw StartupError.database("\(location)", error)
      }
      logger.info("Storing in PostgreSQL", metadata: ["database": "\(location)"])
    } else {
      do {
        // NB: With one service thread, a round's commit runs on it: cheaper than a hop to the
        //     writer's thread and a wake-up back (`commits` then releases the views at once).
        //     With several, the first runs every room and is the one that saturates: the writer
        //     commits on its own thread.
        let policy: CommitPolicy = configuration.transport.threads <= 1 ? .whenAskedOnCaller : .whenAsked
        database = try DatabaseClient.sqlite(
          path: configuration.databasePath, commitPolicy: policy, onCommit: { commits.fire() },
          onEvent: { logger.log($0) })
      } catch {
        throw StartupError.database(configuration.dataDirectory, error)
      }
    }
    // NB: A node of a cluster owns no room when it starts: the rooms of its former self are taken
    // over, by it or another node, once that one's lease runs out.
    let recovered = try await withDependencies {
      $0.games = games
      gameSetup(&$0)
    } operation: {
      cluster.isClustered ? RoomLog.Recovery() : try await RoomLog.recover(from: database)
    }
    for (room, error) in recovered.failures {
      logger.error("Could not recover a room from its log", metadata: ["room": "\(room)", "error": "\(error)"])
    }
    for (room, line) in recovered.gaps {
      logger.error(
        "A room's log has a gap; the room is back as of the line before it",
        metadata: ["room": "\(room)", "line": "\(line)"])
    }
    logger.info("Recovered rooms", metadata: ["count": "\(recovered.rooms.count)"])

    let transport = WebSocketServer(configuration: configuration.transport)
    // NB: The transport's service thread runs the store: the executor's jobs run between its
    //     lws calls, and a job queued from elsewhere wakes it.
    let executor = StoreExecutor(wakingWith: { transport.wake() })
    let actor = StoreActor(executor: executor)
    let metrics = ServerMetrics(games: games)
    let box = TransportIntake(metrics: metrics, logger: logger)
    let isThreaded = transport.threads > 1
    try transport.start(
      onEvent: { event in
        // NB: The store runs on the first service thread: an event of a connection on another
        // thread is read there (a message's JSON decoded, its metrics counted), and its action
        // handed to the first, one push onto its inbox (and a wake-up when that was empty).
        if transport.thread(of: event.connection) == 0 {
          actor.assumeIsolated { _ in box.handle(event) }
        } else {
          let action = box.action(for: event)
          let isMessage = if case .message = event { true } else { false }
          transport.schedule { actor.assumeIsolated { _ in box.send(action, timed: isMessage) } }
        }
      },
      routes: [
        "/metrics": {
          // NB: On another thread the gauges are as the first thread's last round left them.
          if transport.isOnFirstThread { actor.assumeIsolated { _ in box.updateGauges() } }
          return HTTPResponse(contentType: "text/plain; version=0.0.4", body: metrics.render())
        }
      ],
      onRoundEnd: {
        database.commitQueued()
        if isThreaded { actor.assumeIsolated { _ in box.updateGauges() } }
      },
      runPending: { _ = executor.runPending() }
    )
    let delivery = LiveDelivery(transport: transport, database: database, metrics: metrics)
    commits.set {
      // NB: A commit run on the store's thread (one service thread) lets its views go at once;
      //     one on the writer's thread asks the store's thread to.
      if transport.isOnFirstThread {
        actor.assumeIsolated { _ in delivery.gate.release() }
      } else {
        delivery.gate.wake()
      }
    }
    let channel = delivery.channel
    let settings = configuration.server
    let (rooms, nextLogSequence) = (recovered.rooms, recovered.nextLogSequence)
    let node = cluster
    await actor.run { _ in
      let store = Store(initialState: Server.State(settings: settings)) {
        Server()
      } withDependencies: {
        $0.database = database
        $0.games = games
        gameSetup(&$0)
        $0.clientChannel = channel
        $0.cluster = node
        // NB: Every move re-arms a move clock: this clock makes that a heap insert, not a
        // Dispatch timer and a thread hop.
        $0.continuousClock = ServerClock()
      }
      box.install(store)
      store.send(.task)
      store.send(.restore(rooms, nextLogSequence: nextLogSequence))
    }
    return GameServerApp(transport: transport, actor: actor, box: box, database: database, delivery: delivery)
  }

  /// The server's matchmaking rules, for the queue the nodes of a cluster share.
  static func pairing(_ settings: Matchmaking.Settings) -> QueuePairing {
    { waiting in
      guard let variant = waiting.first?.ticket.variant else { return [] }
      let tickets = waiting.map { ticket, waited in
        (Matchmaking.Ticket(player: ticket.player, rating: ticket.rating, enqueuedAt: .zero, seats: ticket.seats), waited)
      }
      return Matchmaking.groups(of: variant, tickets, settings: settings).map { ($0.players, $0.bots) }
    }
  }

  /// Waits for SIGINT or SIGTERM.
  public func waitForSignal() async {
    await SignalWaiter.wait(for: [SIGINT, SIGTERM])
  }

  /// Commits the database writes queued so far and sends the views that waited for them, then
  /// closes every connection with 1001 after its queued messages, stops, and returns once every
  /// write still queued is committed.
  public func stop() async {
    await self.database.flush()
    await self.actor.run { [delivery] _ in delivery.gate.release() }
    self.transport.stop()
    await self.database.flush()
  }
}

/// The root store, reachable from the transport's callbacks; touched only on the service
/// thread. Events that arrive before the store exists wait for it.
final class TransportIntake: @unchecked Sendable {
  private var store: StoreOf<Server>?
  private var pending: [Server.Action] = []
  private let metrics: ServerMetrics
  private let logger: Logger

  init(metrics: ServerMetrics, logger: Logger) {
    self.metrics = metrics
    self.logger = logger
  }

  /// Sets the gauges that come from the server's state.
  func updateGauges() {
    guard let store = self.store else { return }
    store.withState { state in
      self.metrics.rooms.record(state.rooms.count)
      self.metrics.connections.record(state.connections.count)
    }
  }

  func install(_ store: StoreOf<Server>) {
    self.store = store
    for action in self.pending { self.send(action) }
    self.pending = []
  }

  /// Reads an event and sends its action to the store (on the store's thread).
  func handle(_ event: TransportEvent) {
    let start = ContinuousClock.now
    let action = self.action(for: event)
    let isMessage = if case .message = event { true } else { false }
    self.send(action, timed: isMessage, since: start)
  }

  /// The store's action for an event: a message decoded, and counted. Safe on any thread
  /// (the store is not touched), so another service thread reads its connections' messages.
  func action(for event: TransportEvent) -> Server.Action {
    switch event {
    case let .connected(socket):
      self.logger.debug("Connected", metadata: ["connection": "\(socket.rawValue)"])
      return ServerEdge.action(.connected, on: ConnectionID(socket))
    case let .message(socket, bytes):
      let action = ServerEdge.action(.message(bytes), on: ConnectionID(socket))
      if case let .received(_, request) = action {
        self.metrics.record(request)
      } else {
        self.metrics.messages.increment()
      }
      return action
    case let .rateLimited(socket, perSecond):
      return ServerEdge.action(.rateLimited(perSecond: perSecond), on: ConnectionID(socket))
    case let .disconnected(socket):
      self.logger.debug("Disconnected", metadata: ["connection": "\(socket.rawValue)"])
      return ServerEdge.action(.disconnected, on: ConnectionID(socket))
    }
  }

  /// Sends an action to the store, on the store's thread; before the store exists, it waits.
  /// A message's handling is timed from `start` (on another thread, its reading is not).
  func send(_ action: Server.Action, timed: Bool = false, since start: ContinuousClock.Instant = .now) {
    guard let store = self.store else {
      self.pending.append(action)
      return
    }
    store.send(action)
    if timed {
      self.metrics.handling.recordNanoseconds(Int64((ContinuousClock.now - start) / .nanoseconds(1)))
    }
  }
}

extension ConnectionID {
  /// The server's id of a transport's connection: the same number.
  init(_ socket: WebSocketID) { self.init(rawValue: socket.rawValue) }
}

extension WebSocketID {
  /// The transport's id of a server's connection: the same number.
  init(_ connection: ConnectionID) { self.init(rawValue: connection.rawValue) }
}
