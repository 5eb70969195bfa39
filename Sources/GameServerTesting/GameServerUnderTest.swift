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
