import GameServerCore
import GameServerWire

/// A server a test talks to through ``TestClient``s: in process (``TestGameServer``, with its
/// test clock and in-memory database) or on loopback (``LiveGameServer``, the real app over real
/// websockets), so that one test can run both ways.
///
/// ```swift
/// let server: any GameServerUnderTest = live ? try await LiveGameServer.start(games: games) : TestGameServer(games: games)
/// let ada = try await server.connect()
/// await ada.send(.guest(name: "ada"))
/// _ = try await ada.receive(\.welcome)
/// await server.stop()
/// ```
@MainActor
public protocol GameServerUnderTest: AnyObject {
  /// Opens a connection, as a websocket client's.
  func connect() async throws -> TestClient
  /// Stops the server: a live one closes its clients and its listening socket; one in process
  /// has nothing to stop.
  func stop() async
}

/// What a ``TestClient`` needs of the server it talks to.
@MainActor
protocol TestClientBackend: AnyObject {
  /// The nodes of a cluster in process, for a client to follow `moved` to.
  var directory: TestClusterDirectory? { get }
  func send(_ connection: ConnectionID, _ bytes: [UInt8]) async
  func disconnect(_ connection: ConnectionID) async
  /// Takes the messages sent to `connection` so far.
  func take(_ connection: ConnectionID) -> [ServerMessage]
  /// Puts back messages a client did not take.
  func putBack(_ messages: [ServerMessage], for connection: ConnectionID)
  /// Waits until `connection` has a message that `isWanted`, or none can come.
  func wait(for connection: ConnectionID, where isWanted: @escaping @Sendable (ServerMessage) -> Bool) async
}

extension TestGameServer: GameServerUnderTest, TestClientBackend {
  public func stop() async {}
}

extension GameServerUnderTest {
  /// A guest logged in: a connection that sent `guest` and took its `welcome`.
  ///
  /// ```swift
  /// let (ada, welcome) = try await server.guest("ada")
  /// welcome.player  // her id, as the server's messages name her
  /// ```
  public func guest(_ name: String) async throws -> (TestClient, ServerMessage.Welcome) {
    let client = try await self.connect()
    await client.send(.guest(name: name))
    return (client, try await client.receive(\.welcome))
  }

  /// Two guests who queued for `choice` and were matched: each has taken the room's first view.
  ///
  /// ```swift
  /// let (ada, bob) = try await server.twoGuests(in: GameChoice(game: "tictactoe"))
  /// await ada.send(.move("move", ["cell": ["row": 1, "column": 1]]))
  /// ```
  public func twoGuests(in choice: GameChoice, named names: (String, String) = ("ada", "bob")) async throws
    -> (TestClient, TestClient)
  {
    let (first, _) = try await self.guest(names.0)
    let (second, _) = try await self.guest(names.1)
    await first.send(.queue(choice))
    await second.send(.queue(choice))
    _ = try await first.receive(\.room)
    _ = try await second.receive(\.room)
    return (first, second)
  }
}
