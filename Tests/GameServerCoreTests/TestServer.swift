import ComposableArchitecture
import Foundation
import GameServerAuthentication
import GameServerCatalog
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerTesting
import GameServerTicTacToe
import GameServerWire
import GameServerWordGrid

/// This package's server tests' view of the testing kit's ``TestGameServer``: connections
/// named by number, text in, messages out per connection.
///
/// As the live channel does, a message that shows a room-log line that failed is never
/// delivered (it is counted in `dropped`); the in-memory database commits at once, so no
/// message waits. The server listens to the database's storage events from the first
/// `connect` (or `start`).
@MainActor
final class TestServer {
  let kit: TestGameServer
  var store: TestStoreOf<Server> { self.kit.store }
  var clock: SettlingTestClock<Duration> { self.kit.clock }
  var database: DatabaseClient { self.kit.database }
  var dropped: LockIsolated<[ServerMessage]> { self.kit.dropped }

  /// What the server holds now. (`store.state` moves only on the test's own steps, as in TCA:
  /// rooms opened or closed by actions the server sends itself are not in it until then.)
  var state: Server.State { self.kit.state }

  init(
    settings: Server.Settings = Server.Settings(),
    database: DatabaseClient = .inMemory(),
    clock: SettlingTestClock<Duration> = SettlingTestClock(),
    dictionary: WordDictionary = .sample,
    seed: UInt64 = 1,
    listensToStorage: Bool = true
  ) {
    self.kit = TestGameServer(
      games: .standard, settings: settings, database: database, clock: clock, seed: seed,
      listensToStorage: listensToStorage
    ) {
      $0.wordDictionary = dictionary
    }
  }

  /// Starts listening to the database's storage events (once).
  func start() async {
    await self.kit.start()
  }

  func connect(_ connection: UInt64) async {
    _ = await self.kit.connect(as: ConnectionID(rawValue: connection))
  }

  func disconnect(_ connection: UInt64) async {
    await self.kit.client(ConnectionID(rawValue: connection)).disconnect()
  }

  /// Sends text as the transport would: decoded, or rejected as malformed.
  func send(_ connection: UInt64, _ text: String) async {
    await self.kit.client(ConnectionID(rawValue: connection)).send(json: text)
  }

  /// Sends a message in the protocol's one typed encoding.
  func send(_ connection: UInt64, _ request: ClientRequest) async {
    await self.send(connection, request.json)
  }

  /// How long a test waits for an action that follows real database work (a login's session, a
  /// game's ratings; an SQLite file in some tests): the wait ends as soon as the action comes, so
  /// the bound matters only on a machine loaded by the whole parallel suite, where the default
  /// 1 s was once not enough.
  static let databaseWait: Duration = .seconds(30)

  /// Logs in a guest and returns their player id and token.
  @discardableResult
  func guest(_ connection: UInt64, _ name: String) async -> (player: PlayerID, token: String) {
    await self.send(connection, ClientRequest(id: "login", .guest(name: name)))
    await self.store.receive(\.login.delegate.loggedIn, timeout: Self.databaseWait)
    guard case let .welcome(welcome)? = self.take(connection).first(where: { $0.type == "welcome" }) else {
      fatalError("No welcome for \(name)")
    }
    return (welcome.player, welcome.token)
  }

  /// Alice (connection 1) and Bob (connection 2) log in as guests and queue for tic-tac-toe:
  /// they are matched at once, Alice as X. Their messages so far are taken.
  @discardableResult
  func startTicTacToe() async -> (alice: (player: PlayerID, token: String), bob: (player: PlayerID, token: String)) {
    await self.connect(1)
    await self.connect(2)
    let alice = await self.guest(1, "alice")
    let bob = await self.guest(2, "bob")
    await self.send(1, ClientRequest(.queue(GameChoice(.ticTacToe))))
    await self.send(2, ClientRequest(.queue(GameChoice(.ticTacToe))))
    _ = self.take(1)
    _ = self.take(2)
    return (alice, bob)
  }

  /// Plays tic-tac-toe moves, each `(connection, row, column)`.
  func play(_ moves: [(UInt64, Int, Int)]) async {
    for (connection, row, column) in moves {
      await self.send(connection, ClientRequest(.move(TicTacToe.self, .mark(Cell(row: row, column: column)))))
    }
  }

  /// The id of the one open room (room ids are random).
  var onlyRoom: RoomID {
    guard self.state.rooms.count == 1, let room = self.state.rooms.first else {
      fatalError("Expected one open room, found \(self.state.rooms.count)")
    }
    return room.id
  }

  /// The messages sent to a connection since the last call.
  func take(_ connection: UInt64) -> [ServerMessage] {
    self.kit.client(ConnectionID(rawValue: connection)).messages()
  }

  /// The errors among a connection's new messages.
  func errors(_ connection: UInt64) -> [ProtocolError] {
    self.take(connection).compactMap { if case let .error(error) = $0 { error } else { nil } }
  }
}

extension ServerMessage {

  /// The view of a room message, read back as a game's view type.
  func view<View: Decodable>(_ type: View.Type, game: String) -> View? {
    guard case let .room(room, _) = self, room.game == game else { return nil }
    return try? JSONDecoder().decode(View.self, from: Data(room.viewJSON))
  }

  var ticTacToeView: TicTacToeView? { self.view(TicTacToeView.self, game: TicTacToe.id) }

  var wordGridView: WordGridView? { self.view(WordGridView.self, game: WordGrid.id) }

  var room: RoomID? {
    if case let .room(view, _) = self { view.room } else { nil }
  }
}
