import ComposableArchitecture
import GameServerDatabase

/// Several ``TestGameServer``s as the nodes of one cluster, in process: one in-memory database
/// and one clock for all, and an ``InMemoryCluster`` for the queue, the rooms it makes, private
/// codes and logins. A ``TestClient`` of a node follows `moved` and `joinElsewhere` by itself,
/// as the browser client does: it connects to the node named, resumes there (and joins again).
///
/// ```swift
/// let cluster = TestCluster(nodes: 2, games: GameCatalog([TicTacToe.self]))
/// let ada = await cluster.nodes[0].connect()
/// let bob = await cluster.nodes[1].connect()
/// // ada and bob queue: the room opens on ada's node, and bob follows `moved` there.
/// let view = try await bob.receive(\.room)
/// ```
@MainActor
public final class TestCluster {
  public let nodes: [TestGameServer]
  public let clock: SettlingTestClock<Duration>
  public let database: DatabaseClient
  public let cluster: InMemoryCluster
  /// The shards' shared parts, when the nodes are the room shards of one process.
  public let shards: RoomShards?

  /// - Parameters:
  ///   - count: How many nodes, reached at `ws://node-1/`, `ws://node-2/`, ...
  ///   - games: The games every node hosts.
  ///   - settings: The server settings of every node.
  ///   - seed: Seeds every random choice; node `k` uses `seed + k`.
  ///   - database: The database every node shares (in memory by default;
  ///     `DatabaseClient.inMemory(faults:)` makes writes fail as a full disk does).
  ///   - dependencies: Any other dependency to set on every node.
  public convenience init(
    nodes count: Int = 2,
    games: GameCatalog,
    settings: Server.Settings = Server.Settings(),
    seed: UInt64 = 1,
    database: DatabaseClient = .inMemory(),
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    self.init(
      count: count, asShards: false, games: games, settings: settings, seed: seed, database: database,
      dependencies: dependencies)
  }

  /// Room shards of one process (`RoomShards`), as `serve --threads N` runs them: shard `k`
  /// (`nodes[k]`, at `shard:k`) hands a connection to another instead of sending its client
  /// away, and the client goes on as if nothing happened (its next send, or what it waits for,
  /// is the other shard's). Connection ids do not repeat across shards, as a process's do not.
  ///
  /// ```swift
  /// let shards = TestCluster(shards: 2, games: .standard)
  /// let ada = await shards.nodes[0].connect()
  /// let bob = await shards.nodes[1].connect()  // both queue: bob's connection goes to shard 0
  /// ```
  public convenience init(
    shards count: Int,
    games: GameCatalog,
    settings: Server.Settings = Server.Settings(),
    seed: UInt64 = 1,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    self.init(
      count: count, asShards: true, games: games, settings: settings, seed: seed, database: .inMemory(),
      dependencies: dependencies)
  }

  private init(
    count: Int, asShards: Bool, games: GameCatalog, settings: Server.Settings, seed: UInt64, database: DatabaseClient,
    dependencies: @escaping (inout DependencyValues) -> Void
  ) {
    let clock = SettlingTestClock<Duration>()
    let cluster = InMemoryCluster(settings: settings.matchmaking, database: database)
    let made = LockIsolated(0)
    let shards =
      asShards
      ? RoomShards(
        count: count, settings: settings.matchmaking,
        makeRoomID: {
          let number = made.withValue { made -> Int in
            made += 1
            return made
          }
          return RoomID(rawValue: "room-shared-\(number)")
        })
      : nil
    let directory = TestClusterDirectory()
    self.clock = clock
    self.database = database
    self.cluster = cluster
    self.shards = shards
    self.nodes = (1...max(1, count)).map { index in
      let url = shards != nil ? RoomShards.url(of: index - 1) : "ws://node-\(index)/"
      let node = TestGameServer(
        games: games, settings: settings, database: shards?.database(database, for: index - 1) ?? database,
        clock: clock,
        seed: seed &+ UInt64(index)
      ) {
        if let shards {
          $0.cluster = shards.cluster(for: index - 1)
          $0.shardHandOff = shards.handOff(for: index - 1) { connection, shard, adoption in
            directory.handOffs.withValue { $0[connection] = (shard, adoption) }
          }
        } else {
          $0.cluster = cluster.client(for: url)
        }
        dependencies(&$0)
      }
      node.url = url
      node.directory = directory
      if shards != nil { node.lastConnection = UInt64(index - 1) << 32 }
      return node
    }
    directory.nodes = self.nodes.map { WeakNode(node: $0) }
  }
}

/// The nodes of a cluster by address, for clients that follow `moved` (held weakly: the
/// ``TestCluster`` owns them).
@MainActor
final class TestClusterDirectory {
  var nodes: [WeakNode] = []
  /// Connections a shard handed to another, with the adoption the other is to get first.
  nonisolated let handOffs = LockIsolated<[ConnectionID: (shard: Int, adoption: Server.Action)]>([:])

  func node(at url: String) -> TestGameServer? {
    self.nodes.lazy.compactMap(\.node).first { $0.url == url }
  }
}

@MainActor
struct WeakNode {
  weak var node: TestGameServer?
}
