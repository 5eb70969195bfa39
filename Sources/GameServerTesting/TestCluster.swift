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
  public let clock: TestClock<Duration>
  public let database: DatabaseClient
  public let cluster: InMemoryCluster

  /// - Parameters:
  ///   - count: How many nodes, reached at `ws://node-1/`, `ws://node-2/`, ...
  ///   - games: The games every node hosts.
  ///   - settings: The server settings of every node.
  ///   - seed: Seeds every random choice; node `k` uses `seed + k`.
  ///   - dependencies: Any other dependency to set on every node.
  public init(
    nodes count: Int = 2,
    games: GameCatalog,
    settings: Server.Settings = Server.Settings(),
    seed: UInt64 = 1,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    let (clock, database) = (TestClock<Duration>(), DatabaseClient.inMemory())
    let cluster = InMemoryCluster(settings: settings.matchmaking, database: database)
    let directory = TestClusterDirectory()
    self.clock = clock
    self.database = database
    self.cluster = cluster
    self.nodes = (1...max(1, count)).map { index in
      let url = "ws://node-\(index)/"
      let node = TestGameServer(
        games: games, settings: settings, database: database, clock: clock, seed: seed &+ UInt64(index)
      ) {
        $0.cluster = cluster.client(for: url)
        dependencies(&$0)
      }
      node.url = url
      node.directory = directory
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

  func node(at url: String) -> TestGameServer? {
    self.nodes.lazy.compactMap(\.node).first { $0.url == url }
  }
}

@MainActor
struct WeakNode {
  weak var node: TestGameServer?
}
