import ComposableArchitecture
import Foundation
import GameServerCore
import GameServerWire

/// A client of a ``TestGameServer`` (or of a ``LiveGameServer``, over a websocket): sends typed
/// messages as their JSON, and receives the server's messages typed.
///
/// ```swift
/// await ada.send(.queue(GameChoice(game: "connectfour")))
/// await ada.send(.move(ConnectFour.self, .drop(column: 3)))  // or .move("drop", ["column": 3])
/// let view = try await ada.view(ConnectFourView.self)
/// let seen = try await bob.views(ConnectFourView.self)  // every view bob got since he last asked
/// ```
@MainActor
public final class TestClient {
  /// The client's connection (a new one on another node after it followed `moved`).
  public private(set) var connection: ConnectionID
  private var server: any TestClientBackend
  private var requests = 0
  /// The latest session token it was given: what it resumes with on another node.
  private var token: String?

  init(server: any TestClientBackend, connection: ConnectionID) {
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
    await self.followHandOff()
    await self.server.send(self.connection, Array(text.utf8))
  }

  /// The first message in the case `path` that came since the last receive, once it has come;
  /// the messages before it are dropped. Throws `TestClientError.noMessage` when the server
  /// sent none and nothing it runs can send one.
  ///
  /// ```swift
  /// let welcome = try await ada.receive(\.welcome)
  /// let error = try await ada.receive(\.error)  // error.code == "not_your_turn"
  /// ```
  ///
  /// A client of a ``TestCluster``'s node that is sent elsewhere first (`moved`,
  /// `joinElsewhere`) follows: it connects to that node, resumes, joins again after
  /// `joinElsewhere`, and goes on waiting there; one handed to another room shard goes on there.
  public func receive<Value>(_ path: CaseKeyPath<ServerMessage, Value>) async throws -> Value {
    // NB: Key paths are immutable; this one is only read.
    nonisolated(unsafe) let wanted = path
    var messages: [ServerMessage]
    while true {
      let follows = self.server.directory != nil
      await self.server.wait(for: self.connection) { $0[case: wanted] != nil || (follows && $0.sendsElsewhere) }
      if await self.followHandOff() { continue }
      messages = self.taken()
      let index = messages.firstIndex { $0[case: path] != nil }
      guard follows, let redirect = messages.firstIndex(where: \.sendsElsewhere), redirect < index ?? messages.endIndex,
        try await self.follow(messages[redirect])
      else { break }
    }
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
  /// that came until then is taken. A view taken with `receive(\.room)` reads with
  /// `RoomView.view(_:)`.
  public func view<View: Decodable>(_ type: View.Type) async throws -> View {
    await self.server.wait(for: self.connection) { $0.type == "room" }
    guard let room = self.takenRooms().last else {
      throw TestClientError.noMessage("room", received: [])
    }
    return try room.view(View.self)
  }

  /// The first view of the client's room that `isWanted`, once it has come: what a test on a
  /// ``LiveGameServer`` waits for (the server's messages come when they come), and works in
  /// process too. Every message that came until then is taken; throws
  /// `TestClientError.noMessage` when none such came (in time, live).
  ///
  /// ```swift
  /// let end = try await bob.view(ConnectFourView.self) { $0.outcome != nil }
  /// ```
  public func view<View: Decodable & SendableMetatype>(
    _ type: View.Type, where isWanted: @escaping @Sendable (View) -> Bool
  ) async throws -> View {
    await self.server.wait(for: self.connection) { message in
      guard case let .room(room, _) = message, let view = try? room.view(View.self) else { return false }
      return isWanted(view)
    }
    let messages = self.taken()
    for case let .room(room, _) in messages {
      if let view = try? room.view(View.self), isWanted(view) { return view }
    }
    throw TestClientError.noMessage("room (a view as wanted)", received: messages.map(\.type))
  }

  /// Every view of the client's room that came since it last took messages, read as `View`,
  /// oldest first: a view for each change it was shown, so a test can check each of them (that
  /// none showed what it must not). It waits as ``view(_:)`` does, for a first view (ask it when
  /// one is due), and takes every message that came.
  ///
  /// ```swift
  /// let seen = try await ada.views(ConnectFourView.self)
  /// #expect(seen.map(\.moveNumber) == [0, 1, 2])
  /// ```
  public func views<View: Decodable>(_ type: View.Type) async throws -> [View] {
    await self.server.wait(for: self.connection) { $0.type == "room" }
    return try self.takenRooms().map { try $0.view(View.self) }
  }

  /// Takes what came, and gives the room views in it.
  private func takenRooms() -> [RoomView] {
    self.taken().compactMap { message -> RoomView? in
      guard case let .room(view, _) = message else { return nil }
      return view
    }
  }

  /// Every message that came since the last receive, taken.
  public func messages() -> [ServerMessage] {
    self.taken()
  }

  /// Every message that came since the last receive, taken, as JSON text: each as the server
  /// writes it (in process, the very bytes the live channel sends; live, every field of a room's
  /// view as it came). Beside the typed views, which keep only the fields their type declares:
  /// for a test that a secret is in no field of any message.
  ///
  /// ```swift
  /// for text in bob.json() { #expect(!text.contains(adasHand)) }
  /// ```
  public func json() -> [String] {
    self.taken().map { String(decoding: $0.jsonBytes, as: UTF8.self) }
  }

  /// Takes what came, noting the latest token.
  private func taken() -> [ServerMessage] {
    let messages = self.server.take(self.connection)
    for case let .welcome(welcome) in messages { self.token = welcome.token }
    return messages
  }

  /// Connects to the node a message names and resumes there (and, for `joinElsewhere`, joins
  /// the private room); false when there is no such node or no token to resume with.
  private func follow(_ message: ServerMessage) async throws -> Bool {
    let (url, code): (String, String?)
    switch message {
    case let .moved(_, to): (url, code) = (to, nil)
    case let .joinElsewhere(invite, to, _): (url, code) = (to, invite)
    default: return false
    }
    guard let token = self.token, let node = self.server.directory?.node(at: url) else { return false }
    await self.server.disconnect(self.connection)
    let connection = await node.connect()
    (self.server, self.connection) = (node, connection.connection)
    await self.send(.resume(token: token))
    _ = try await self.receive(\.welcome)
    if let code { await self.send(.joinRoom(code: code)) }
    return true
  }

  /// Goes on with the shard its connection was handed to, if it was (``TestCluster/init(shards:games:settings:seed:dependencies:)``):
  /// that shard adopts it first, and the messages not yet taken go with it. As the live
  /// transport does, the handing over is nothing the client sees.
  @discardableResult
  private func followHandOff() async -> Bool {
    let connection = self.connection
    guard let directory = self.server.directory,
      let (shard, adoption) = directory.handOffs.withValue({ $0.removeValue(forKey: connection) }),
      let node = directory.node(at: RoomShards.url(of: shard))
    else { return false }
    node.putBack(self.server.take(self.connection), for: self.connection)
    await node.store.send(adoption)
    self.server = node
    return true
  }

  /// Closes the connection.
  public func disconnect() async {
    await self.followHandOff()
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

extension ServerMessage {
  /// Whether it sends the client to another node.
  var sendsElsewhere: Bool {
    switch self {
    case .moved, .joinElsewhere: true
    default: false
    }
  }
}
