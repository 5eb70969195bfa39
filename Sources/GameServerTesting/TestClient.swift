import ComposableArchitecture
import Foundation
import GameServerCore
import GameServerModels

/// A client of a ``TestGameServer``: sends typed messages as their JSON, and receives the
/// server's messages typed.
///
/// ```swift
/// await ada.send(.queue(GameChoice(game: "connectfour")))
/// await ada.send(.move(ConnectFour.self, .drop(column: 3)))  // or .move("drop", ["column": 3])
/// let view = try await ada.view(ConnectFourView.self)
/// ```
@MainActor
public final class TestClient {
  public let connection: ConnectionID
  private let server: TestGameServer
  private var requests = 0

  init(server: TestGameServer, connection: ConnectionID) {
    self.server = server
    self.connection = connection
  }

  /// Sends a message with a request id of its own (`"1"`, `"2"`, ...), which the answer carries
  /// back; returns the id.
  @discardableResult
  public func send(_ message: ClientMessage) async -> String {
    self.requests += 1
    let id = String(self.requests)
    await self.send(json: ClientRequest(id: id, message).json)
    return id
  }

  /// Sends text as it is: for a test of what the server makes of bad input.
  public func send(json text: String) async {
    await self.server.send(self.connection, Array(text.utf8))
  }

  /// The first message in the case `path` that came since the last receive, once it has come;
  /// the messages before it are dropped. Throws ``TestClientError/noMessage`` when the server
  /// sent none and nothing it runs can send one.
  ///
  /// ```swift
  /// let welcome = try await ada.receive(\.welcome)
  /// let error = try await ada.receive(\.error)  // error.code == "not_your_turn"
  /// ```
  public func receive<Value>(_ path: CaseKeyPath<ServerMessage, Value>) async throws -> Value {
    // NB: Key paths are immutable; this one is only read.
    nonisolated(unsafe) let wanted = path
    await self.server.wait(for: self.connection) { $0[case: wanted] != nil }
    var messages = self.server.take(self.connection)
    guard let index = messages.firstIndex(where: { $0[case: path] != nil }) else {
      self.server.putBack(messages, for: self.connection)
      throw TestClientError.noMessage(String(describing: path), received: messages.map(\.type))
    }
    let value = messages[index][case: path]!
    messages.removeFirst(index + 1)
    self.server.putBack(messages, for: self.connection)
    return value
  }

  /// The latest view of the client's room, read as `View` (a game's view type): every message
  /// that came until then is taken.
  public func view<View: Decodable>(_ type: View.Type) async throws -> View {
    await self.server.wait(for: self.connection) { $0.type == "room" }
    let rooms = self.server.take(self.connection).compactMap { message -> RoomView? in
      guard case let .room(view, _) = message else { return nil }
      return view
    }
    guard let room = rooms.last else { throw TestClientError.noMessage("room", received: []) }
    return try JSONDecoder().decode(View.self, from: Data(room.viewJSON))
  }

  /// Every message that came since the last receive, taken.
  public func messages() -> [ServerMessage] {
    self.server.take(self.connection)
  }

  /// Closes the connection.
  public func disconnect() async {
    await self.server.disconnect(self.connection)
  }
}

/// Why a ``TestClient`` could not receive what a test asked for.
public enum TestClientError: Error, CustomStringConvertible {
  case noMessage(String, received: [String])

  public var description: String {
    switch self {
    case let .noMessage(wanted, received):
      "No \(wanted) message came; the client had \(received.isEmpty ? "none" : received.joined(separator: ", "))."
    }
  }
}
