import ComposableArchitecture
import Foundation
import GameServerClock
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerTransport
import GameServerWire
import Logging
import Synchronization

/// One room shard: a ``Server`` store of its own on one service thread (its executor runs
/// between that thread's lws calls), and the `ServerEdge` its events come in by and its
/// messages go out by, to the transport.
final class ShardStore: @unchecked Sendable {
  let index: Int
  let executor: StoreExecutor
  let actor: StoreActor
  let edge: ServerEdge
  /// The store, once started: touched on its thread only.
  private var store: StoreOf<Server>?
  /// The shard's rooms and connections as of its last round, for the gauges.
  let rooms = Atomic<Int>(0)
  let connections = Atomic<Int>(0)

  init(index: Int, transport: WebSocketServer, database: DatabaseClient, metrics: ServerMetrics) {
    self.index = index
    // NB: The executor's jobs run between the thread's lws calls; a job queued from elsewhere
    //     wakes the thread.
    self.executor = StoreExecutor(wakingWith: { transport.wake(thread: index) })
    self.actor = StoreActor(executor: self.executor)
    var observer = ServerEdge.Observer()
    observer.read = { metrics.record($0) }
    observer.unread = { metrics.messages.increment() }
    observer.rejected = { metrics.rejected.increment() }
    observer.dropped = { _, _ in metrics.dropped.increment() }
    observer.handled = { metrics.handling.recordNanoseconds(Int64($0 / .nanoseconds(1))) }
    self.edge = ServerEdge(
      status: database.roomLogStatus,
      sink: ServerEdge.Sink(
        send: { transport.send(WebSocketID($0), $1) },
        close: { transport.close(WebSocketID($0), code: $1, reason: $2) }),
      schedule: { transport.schedule(onThread: index, $0) }, observer: observer)
  }

  /// Notes the store's rooms and connections, for the gauges (on the store's thread).
  func count() {
    guard let store = self.store else { return }
    store.withState { state in
      self.rooms.store(state.rooms.count, ordering: .relaxed)
      self.connections.store(state.connections.count, ordering: .relaxed)
    }
  }

  /// Makes the shard's store on its thread, with its share of the rooms recovered, and starts
  /// it: it listens to the database and restores its rooms.
  func start(
    _ configuration: AppConfiguration, _ gameSetup: @escaping GameStartOption.Setup, database: DatabaseClient,
    cluster: ClusterClient, roomShards: RoomShards?, router: ShardRouter, recovered: RoomLog.Recovery
  ) async {
    let index = self.index
    let rooms = recovered.rooms.filter { roomShards?.shard(forRoom: $0.id) ?? 0 == index }
    let ids = Set(rooms.map(\.id))
    let nextLogSequence = recovered.nextLogSequence.filter { ids.contains($0.key) }
    roomShards?.seat(
      Dictionary(
        uniqueKeysWithValues: rooms.map { ($0.id, $0.seats.filter { $0.bot == nil && !$0.hasLeft }.map(\.player)) }),
      on: index)
    let (settings, games, channel, edge) = (configuration.server, configuration.games, self.edge.channel, self.edge)
    await self.actor.run { _ in
      let store = Store(initialState: Server.State(settings: settings)) {
        Server()
      } withDependencies: {
        $0.database = roomShards?.database(database, for: index) ?? database
        $0.games = games
        gameSetup(&$0)
        $0.clientChannel = channel
        $0.cluster = roomShards?.cluster(for: index) ?? cluster
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
      self.store = store
      edge.install { store.send($0) }
      store.send(.task)
      store.send(.restore(rooms, nextLogSequence: nextLogSequence))
    }
  }
}

extension TransportEvent {
  /// The event as the server's edge takes it, and logged at debug level when a connection opens
  /// or closes.
  func edgeEvent(_ logger: Logger) -> ServerEdge.Event {
    switch self {
    case let .connected(socket):
      logger.debug("Connected", metadata: ["connection": "\(socket.rawValue)"])
      return .connected
    case let .message(_, bytes):
      return .message(bytes)
    case let .rateLimited(_, perSecond):
      return .rateLimited(perSecond: perSecond)
    case let .disconnected(socket):
      logger.debug("Disconnected", metadata: ["connection": "\(socket.rawValue)"])
      return .disconnected
    }
  }
}
