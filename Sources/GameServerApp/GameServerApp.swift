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
  let logger: Logger

  public var port: Int { self.transport.port }

  init(transport: WebSocketServer, shards: [ShardStore], database: DatabaseClient, logger: Logger) {
    self.transport = transport
    self.shards = shards
    self.database = database
    self.logger = logger
  }

  /// Opens the database, recovers the rooms, and starts listening.
  public static func start(_ configuration: AppConfiguration) async throws -> GameServerApp {
    let gameSetup = try Self.prepareGames(configuration)
    try StartupError.checkDataDirectory(configuration.dataDirectory)
    let commits = ServerEdgeCommits()
    let (database, cluster) = try await Self.openDatabase(configuration, onCommit: { commits.fire() })
    let recovered = try await Self.recoverRooms(
      configuration, gameSetup, from: database, isClustered: cluster.isClustered)
    let transport = WebSocketServer(configuration: configuration.transport)
    let metrics = ServerMetrics(games: configuration.games)
    // NB: A store per service thread (a room shard each); a node of a cluster keeps one, whose
    //     rooms the cluster places (shards of a node would be nodes the cluster does not know).
    let count = cluster.isClustered ? 1 : transport.threads
    let roomShards = count > 1 ? RoomShards(count: count, settings: configuration.server.matchmaking) : nil
    let shards = (0..<count).map { ShardStore(index: $0, transport: transport, database: database, metrics: metrics) }
    let router = Self.router(transport, shards, logger: configuration.logger)
    try Self.listen(transport, router, shards, metrics: metrics, database: database, roomShards: roomShards)
    commits.set(shards.map { ($0.edge, $0.index) }, currentThread: { transport.currentThread })
    for shard in shards {
      await shard.start(
        configuration, gameSetup, database: database, cluster: cluster, roomShards: roomShards, router: router,
        recovered: recovered)
    }
    return GameServerApp(transport: transport, shards: shards, database: database, logger: configuration.logger)
  }

  /// Checks the games' message types and reads what they need read at start.
  static func prepareGames(_ configuration: AppConfiguration) throws -> GameStartOption.Setup {
    do {
      try configuration.games.check(reserved: ClientMessage.protocolTypes)
      return try configuration.games.prepare(configuration.gameOptions)
    } catch {
      throw StartupError.game("\(error)")
    }
  }

  /// The database the configuration names (SQLite, PostgreSQL, or PostgreSQL as a node of a
  /// cluster), and the cluster's client (standalone but for a node).
  // NB: Commits start when a round of a service thread is over, so that the round's writes share
  //     one; views wait for their lines, so a commit per write would cost more.
  static func openDatabase(
    _ configuration: AppConfiguration, onCommit: @escaping @Sendable () -> Void
  ) async throws -> (DatabaseClient, ClusterClient) {
    let logger = configuration.logger
    if let location = configuration.postgres, let node = configuration.cluster {
      do {
        let joined = try await DatabaseClient.postgresCluster(
          location, url: node.url, lease: node.lease, pairing: Self.pairing(configuration.server.matchmaking),
          commitPolicy: .whenAsked, onCommit: onCommit, onEvent: { logger.log($0) },
          logger: Self.postgresLogger(logger),
          noticeLogger: logger)
        logger.info(
          "Storing in PostgreSQL, as a node of a cluster", metadata: ["database": "\(location)", "url": "\(node.url)"])
        return (joined.database, joined.cluster.clusterClient)
      } catch {
        throw StartupError.database("\(location)", error)
      }
    }
    if let location = configuration.postgres {
      do {
        let database = try await DatabaseClient.postgres(
          location, commitPolicy: .whenAsked, onCommit: onCommit, onEvent: { logger.log($0) },
          logger: Self.postgresLogger(logger))
        logger.info("Storing in PostgreSQL", metadata: ["database": "\(location)"])
        return (database, .standalone)
      } catch {
        throw StartupError.database("\(location)", error)
      }
    }
    do {
      // NB: With one service thread, a round's commit runs on it: cheaper than a hop to the
      //     writer's thread and a wake-up back (the edge then lets the views go at once). With
      //     several, each runs a shard whose rounds write: the writer commits on its own thread,
      //     for all of them.
      let policy: CommitPolicy = configuration.transport.threads <= 1 ? .whenAskedOnCaller : .whenAsked
      let database = try DatabaseClient.sqlite(
        path: configuration.databasePath, commitPolicy: policy, onCommit: onCommit, onEvent: { logger.log($0) })
      return (database, .standalone)
    } catch {
      throw StartupError.database(configuration.dataDirectory, error)
    }
  }

  /// The rooms rebuilt from their logs, with what could not be said in the log. A node of a
  /// cluster owns no room when it starts: the rooms of its former self are taken over, by it or
  /// another node, once that one's lease runs out.
  static func recoverRooms(
    _ configuration: AppConfiguration, _ gameSetup: GameStartOption.Setup, from database: DatabaseClient,
    isClustered: Bool
  ) async throws -> RoomLog.Recovery {
    let logger = configuration.logger
    let recovered = try await withDependencies {
      $0.games = configuration.games
      gameSetup(&$0)
    } operation: {
      isClustered ? RoomLog.Recovery() : try await RoomLog.recover(from: database)
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
    return recovered
  }

  /// Where each connection's events go: the shard of its thread, or the one it was handed to.
  static func router(_ transport: WebSocketServer, _ shards: [ShardStore], logger: Logger) -> ShardRouter {
    ShardRouter(
      threads: transport, stores: shards.count,
      decode: { event in shards[0].edge.action(for: event.edgeEvent(logger), on: ConnectionID(event.connection)) },
      handle: { index, event in
        let shard = shards[index]
        shard.actor.assumeIsolated { _ in
          shard.edge.receive(event.edgeEvent(logger), on: ConnectionID(event.connection))
        }
      },
      deliver: { index, action in
        let shard = shards[index]
        shard.actor.assumeIsolated { _ in shard.edge.send(action) }
      })
  }

  /// Starts the transport: each event to its connection's shard, `/metrics`, and at the end of
  /// each thread's round its shard's commit asked for and its counts taken.
  static func listen(
    _ transport: WebSocketServer, _ router: ShardRouter, _ shards: [ShardStore], metrics: ServerMetrics,
    database: DatabaseClient, roomShards: RoomShards?
  ) throws {
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
        guard thread < shards.count else { return {} }
        let shard = shards[thread]
        return {
          database.commitQueued()
          shard.actor.assumeIsolated { _ in shard.count() }
          if thread == 0 {
            Self.updateGauges(metrics, shards)
            if let roomShards, pairing.isDue() { roomShards.pairWaiting() }
          }
        }
      },
      runPending: { thread in
        guard thread < shards.count else { return {} }
        let executor = shards[thread].executor
        return { _ = executor.runPending() }
      }
    )
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
  /// write still queued is committed and the database is closed (SQLite's write-ahead log folded
  /// into its file).
  public func stop() async {
    await self.database.flush()
    for shard in self.shards {
      await shard.actor.run { [edge = shard.edge] _ in edge.release() }
    }
    self.transport.stop()
    await self.database.flush()
    do {
      try await self.database.close()
      self.logger.notice("Stopped: the database is closed")
    } catch {
      self.logger.error(
        "The database did not close: its -wal file holds its latest writes and belongs with it",
        metadata: ["problem": "\(error)"])
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
