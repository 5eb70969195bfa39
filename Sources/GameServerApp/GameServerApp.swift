import ComposableArchitecture
import Dispatch
import Foundation
import GameServerClock
import GameServerCluster
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerMatchmaking
import GameServerPostgres
import GameServerSQLite
import GameServerTransport
import GameServerWire
import Logging

/// The running server: the database, the rooms recovered from it, and the websocket transport
/// feeding the stores. Each service thread (`TransportConfiguration.threads`) runs a room shard
/// of its own, a root store with its own rooms, clocks and sessions (``RoomShards`` keeps them
/// consistent: log-in, the queue, private codes, lockouts); a connection's events go to the
/// shard of its thread until a shard hands it to another (``ShardRouter``). A node of a
/// PostgreSQL cluster runs one store, on the first thread, which the others hand their events to.
///
/// ```swift
/// let app = try await GameServerApp.start(configuration)
/// print("listening on", app.port)
/// await app.waitForSignal()
/// await app.stop()
/// ```
public final class GameServerApp: @unchecked Sendable {
  public let transport: WebSocketServer
  let shards: [ShardStore]
  let database: DatabaseClient

  public var port: Int { self.transport.port }

  init(transport: WebSocketServer, shards: [ShardStore], database: DatabaseClient) {
    self.transport = transport
    self.shards = shards
    self.database = database
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
    // NB: Commits start when a round of a service thread is over, so that the round's writes
    // share one; views wait for their lines, so a commit per write would cost more.
    if let location = configuration.postgres, let node = configuration.cluster {
      do {
        let rules = configuration.server.matchmaking
        let joined = try await DatabaseClient.postgresCluster(
          location, url: node.url, lease: node.lease, pairing: Self.pairing(rules), commitPolicy: .whenAsked,
          onCommit: { commits.fire() },
          onEvent: { logger.log($0) }, logger: Self.postgresLogger(logger), noticeLogger: logger)
        database = joined.database
        cluster = joined.cluster.clusterClient
      } catch {
        throw StartupError.database("\(location)", error)
      }
      logger.info(
        "Storing in PostgreSQL, as a node of a cluster", metadata: ["database": "\(location)", "url": "\(node.url)"])
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
        //     With several, each runs a shard whose rounds write: the writer commits on its
        //     own thread, for all of them.
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
    let metrics = ServerMetrics(games: games)
    // NB: A store per service thread (a room shard each); a node of a cluster keeps one, whose
    //     rooms the cluster places (shards of a node would be nodes the cluster does not know).
    let count = cluster.isClustered ? 1 : transport.threads
    let roomShards = count > 1 ? RoomShards(count: count, settings: configuration.server.matchmaking) : nil
    // NB: Each store runs on its service thread: the executor's jobs run between its lws calls,
    //     and a job queued from elsewhere wakes it.
    let shards = (0..<count).map { index in
      ShardStore(
        index: index, executor: StoreExecutor(wakingWith: { transport.wake(thread: index) }),
        intake: TransportIntake(metrics: metrics, logger: logger),
        delivery: LiveDelivery(transport: transport, thread: index, database: database, metrics: metrics))
    }
    let router = ShardRouter(
      threads: transport, stores: count,
      decode: { event in shards[0].intake.action(for: event) },
      handle: { index, event in
        let shard = shards[index]
        shard.actor.assumeIsolated { _ in shard.intake.handle(event) }
      },
      deliver: { index, action in
        let shard = shards[index]
        shard.actor.assumeIsolated { _ in shard.intake.send(action) }
      })
    let pairing = PairingClock()
    try transport.start(
      onEvent: { event in
        // NB: The store of the connection's shard reads the event; on another thread, the
        //     connection's own reads it (a message's JSON decoded, its metrics counted) and hands
        //     the action over, one push onto that thread's inbox.
        router.route(event, onThread: transport.thread(of: event.connection))
      },
      routes: [
        "/metrics": {
          Self.updateGauges(metrics, shards)
          return HTTPResponse(contentType: "text/plain; version=0.0.4", body: metrics.render())
        }
      ],
      onRoundEnd: { thread in
        guard thread < count else { return {} }
        let shard = shards[thread]
        return {
          database.commitQueued()
          shard.actor.assumeIsolated { _ in shard.intake.count(into: shard) }
          if thread == 0 {
            Self.updateGauges(metrics, shards)
            if let roomShards, pairing.isDue() { roomShards.pairWaiting() }
          }
        }
      },
      runPending: { thread in
        guard thread < count else { return {} }
        let executor = shards[thread].executor
        return { _ = executor.runPending() }
      }
    )
    commits.set {
      // NB: A commit run on a store's thread (one service thread) lets its views go at once;
      //     one on the writer's thread asks each store's thread to.
      let current = transport.currentThread
      for shard in shards {
        if current == shard.index {
          shard.actor.assumeIsolated { _ in shard.delivery.gate.release() }
        } else {
          shard.delivery.gate.wake()
        }
      }
    }
    let settings = configuration.server
    let node = cluster
    for shard in shards {
      let index = shard.index
      let rooms = recovered.rooms.filter { roomShards?.shard(forRoom: $0.id) ?? 0 == index }
      let ids = Set(rooms.map(\.id))
      let nextLogSequence = recovered.nextLogSequence.filter { ids.contains($0.key) }
      roomShards?.seat(
        Dictionary(
          uniqueKeysWithValues: rooms.map { ($0.id, $0.seats.filter { $0.bot == nil && !$0.hasLeft }.map(\.player)) }),
        on: index)
      let channel = shard.delivery.channel
      await shard.actor.run { _ in
        let store = Store(initialState: Server.State(settings: settings)) {
          Server()
        } withDependencies: {
          $0.database = roomShards?.database(database, for: index) ?? database
          $0.games = games
          gameSetup(&$0)
          $0.clientChannel = channel
          $0.cluster = roomShards?.cluster(for: index) ?? node
          if let roomShards {
            $0.shardHandOff = roomShards.handOff(for: index) { connection, target, adoption in
              router.handOver(connection, from: index, to: target, adoption: adoption)
            }
          }
          // NB: Every move re-arms a move clock: this clock makes that a heap insert, not a
          // Dispatch timer and a thread hop.
          $0.continuousClock = ServerClock()
          // NB: Live, also in a test's process: the cluster's news comes in a task that the
          //     test started (the store's), where the defaults are the test's.
          $0.date = DateGenerator { Date() }
          $0.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
        }
        shard.intake.install(store)
        store.send(.task)
        store.send(.restore(rooms, nextLogSequence: nextLogSequence))
      }
    }
    return GameServerApp(transport: transport, shards: shards, database: database)
  }

  /// The gauges, from what each store counted at the end of its last round.
  static func updateGauges(_ metrics: ServerMetrics, _ shards: [ShardStore]) {
    metrics.rooms.record(shards.reduce(0) { $0 + $1.rooms.load(ordering: .relaxed) })
    metrics.connections.record(shards.reduce(0) { $0 + $1.connections.load(ordering: .relaxed) })
  }

  /// The server's matchmaking rules, for the queue the nodes of a cluster share.
  static func pairing(_ settings: Matchmaking.Settings) -> QueuePairing {
    { waiting in
      guard let variant = waiting.first?.ticket.variant else { return [] }
      let tickets = waiting.map { ticket, waited in
        (
          Matchmaking.Ticket(
            player: ticket.player, rating: ticket.rating, enqueuedAt: .zero, seats: ticket.seats, fewest: ticket.fewest),
          waited
        )
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
    for shard in self.shards {
      await shard.actor.run { [delivery = shard.delivery] _ in delivery.gate.release() }
    }
    self.transport.stop()
    await self.database.flush()
  }
}

/// A root store, reachable from the transport's callbacks; touched only on its service thread.
/// Events that arrive before the store exists wait for it.
final class TransportIntake: @unchecked Sendable {
  private var store: StoreOf<Server>?
  private var pending: [Server.Action] = []
  private let metrics: ServerMetrics
  private let logger: Logger

  init(metrics: ServerMetrics, logger: Logger) {
    self.metrics = metrics
    self.logger = logger
  }

  /// Notes the store's rooms and connections, for the gauges (on the store's thread).
  func count(into shard: ShardStore) {
    guard let store = self.store else { return }
    store.withState { state in
      shard.rooms.store(state.rooms.count, ordering: .relaxed)
      shard.connections.store(state.connections.count, ordering: .relaxed)
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

/// When the shards' shared queue is next paired again (its tickets' rating gaps widen, and bots
/// come, as they wait): once a second, on the first thread.
final class PairingClock: @unchecked Sendable {
  private var next = ContinuousClock.now

  func isDue() -> Bool {
    let now = ContinuousClock.now
    guard now >= self.next else { return false }
    self.next = now + .seconds(1)
    return true
  }
}
