import Authentication
import ComposableArchitecture
import DatabaseClient
import Foundation
import GameCore
import ServerCore
import ServerModels
import WordGrid

/// The server with an in-memory transport: text in per connection, messages out per connection.
@MainActor
final class TestServer {
  let store: TestStoreOf<Server>
  let clock: TestClock<Duration>
  let database: DatabaseClient
  private let outbox = LockIsolated<[ConnectionID: [ServerMessage]]>([:])

  init(
    settings: Server.Settings = Server.Settings(),
    database: DatabaseClient = .inMemory(),
    clock: TestClock<Duration> = TestClock(),
    dictionary: WordDictionary = .sample,
    seed: UInt64 = 1
  ) {
    self.clock = clock
    self.database = database
    let outbox = self.outbox
    self.store = TestStore(initialState: Server.State(settings: settings)) {
      Server()
    } withDependencies: {
      $0.continuousClock = clock
      $0.database = database
      $0.date = DateGenerator { Date(timeIntervalSince1970: 1_000_000) }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: seed))
      $0.wordDictionary = dictionary
      $0.clientChannel = ClientChannel(
        send: { connection, message in outbox.withValue { $0[connection, default: []].append(message) } },
        close: { _, _, _ in }
      )
    }
    self.store.exhaustivity = .off(showSkippedAssertions: false)
  }

  func connect(_ connection: UInt64) async {
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
  var ticTacToeView: TicTacToeView? {
    if case let .ticTacToe(_, view) = self { view } else { nil }
  }

  var wordGridView: WordGridView? {
    if case let .wordGrid(_, view) = self { view } else { nil }
  }

  var room: RoomID? {
    switch self {
    case let .ticTacToe(room, _), let .wordGrid(room, _): room
    default: nil
    }
  }
}

import TicTacToe
