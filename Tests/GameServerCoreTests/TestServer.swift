import GameServerAuthentication
import GameServerCatalog
import ComposableArchitecture
import GameServerDatabase
import Foundation
import GameServerGame
import GameServerCore
import GameServerModels
import GameServerTicTacToe
import GameServerWordGrid

/// The server with an in-memory transport: text in per connection, messages out per connection.
///
/// As the live channel does, a message that shows a room-log line that failed is never
/// delivered (it is counted in `dropped`); the in-memory database commits at once, so no
/// message waits. The server listens to the database's storage events from the first
/// `connect` (or `start`).
@MainActor
final class TestServer {
  let store: TestStoreOf<Server>
  let clock: TestClock<Duration>
  let database: DatabaseClient
  private let outbox = LockIsolated<[ConnectionID: [ServerMessage]]>([:])
  let dropped = LockIsolated<[ServerMessage]>([])
  private var isStarted: Bool
  /// The server's state after every action it handled, received ones included.
  private let live: LiveState

  /// What the server holds now. (`store.state` moves only on the test's own steps, as in TCA:
  /// rooms opened or closed by actions the server sends itself are not in it until then.)
  var state: Server.State { self.live.value }

  init(
    settings: Server.Settings = Server.Settings(),
    database: DatabaseClient = .inMemory(),
    clock: TestClock<Duration> = TestClock(),
    dictionary: WordDictionary = .sample,
    seed: UInt64 = 1,
    listensToStorage: Bool = true
  ) {
    self.clock = clock
    self.database = database
    self.isStarted = !listensToStorage
    let outbox = self.outbox
    let dropped = self.dropped
    let live = LiveState(Server.State(settings: settings))
    self.live = live
    let server = Server()
    self.store = TestStore(initialState: Server.State(settings: settings)) {
      Reduce<Server.State, Server.Action> { state, action in
        let effect = server.reduce(into: &state, action: action)
        live.value = state
        return effect
      }
    } withDependencies: {
      $0.continuousClock = clock
      $0.database = database
      $0.date = DateGenerator { Date(timeIntervalSince1970: 1_000_000) }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: seed))
      $0.wordDictionary = dictionary
      $0.games = .standard
      $0.clientChannel = ClientChannel(
        deliver: { connection, message, ticket in
          if let ticket, database.roomLogStatus(ticket) == .failed {
            dropped.withValue { $0.append(message) }
            // NB: As the live channel does, a request whose answer is dropped is answered so.
            if let requestID = message.replyTo {
              outbox.withValue { $0[connection, default: []].append(.error(.roomUnavailable(requestID: requestID))) }
            }
          } else {
            outbox.withValue { $0[connection, default: []].append(message) }
          }
        }
      )
    }
    self.store.exhaustivity = .off(showSkippedAssertions: false)
  }

  /// Starts listening to the database's storage events (once).
  func start() async {
    guard !self.isStarted else { return }
    self.isStarted = true
    await self.store.send(.task)
  }

  func connect(_ connection: UInt64) async {
    await self.start()
    await self.store.send(.connected(ConnectionID(rawValue: connection)))
  }

  func disconnect(_ connection: UInt64) async {
    await self.store.send(.disconnected(ConnectionID(rawValue: connection)))
  }

  /// Sends text as the transport would: decoded, or rejected as malformed.
  func send(_ connection: UInt64, _ text: String) async {
    switch ClientRequest.decoding(Array(text.utf8)) {
    case let .success(request): await self.store.send(.received(ConnectionID(rawValue: connection), request))
    case let .failure(error): await self.store.send(.malformed(ConnectionID(rawValue: connection), error))
    }
  }

  /// Logs in a guest and returns their player id and token.
  @discardableResult
  func guest(_ connection: UInt64, _ name: String) async -> (player: PlayerID, token: String) {
    await self.send(connection, #"{"v":1,"id":"login","type":"guest","name":"\#(name)"}"#)
    await self.store.receive(\.login.delegate.loggedIn)
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
    await self.send(1, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    await self.send(2, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    _ = self.take(1)
    _ = self.take(2)
    return (alice, bob)
  }

  /// Plays tic-tac-toe moves, each `(connection, row, column)`.
  func play(_ moves: [(UInt64, Int, Int)]) async {
    for (connection, row, column) in moves {
      await self.send(connection, #"{"v":1,"type":"move","cell":{"row":\#(row),"column":\#(column)}}"#)
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
    self.outbox.withValue { $0.removeValue(forKey: ConnectionID(rawValue: connection)) ?? [] }
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

import GameServerTicTacToe

/// The server's latest state, written by its reducer (on the test store's executor, on the main
/// queue) and read by the test (on the main actor).
private final class LiveState: @unchecked Sendable {
  var value: Server.State

  init(_ value: Server.State) {
    self.value = value
  }
}
