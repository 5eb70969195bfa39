import GameServerApp
import GameServerConnectFour
import GameServerTesting
import Testing

/// The live server with two service threads: a room whose players' connections are on different
/// threads plays as on one, and what limits a player (a lockout after failed log-ins, the message
/// rate) holds whichever thread their connections are on.
@MainActor
struct ServiceThreadsTests {
  private func server(_ configure: @escaping (inout AppConfiguration) -> Void = { _ in }) async throws -> LiveGameServer
  {
    try await LiveGameServer.start(games: GameCatalog([ConnectFour.self])) {
      $0.transport.threads = 2
      configure(&$0)
    }
  }

  /// A connection on service thread `thread`: connections are opened until one lands on that
  /// thread (they are dealt in turn: one or two); any other stays open, unused.
  private func connection(on thread: Int, of server: LiveGameServer) async throws -> TestClient {
    for _ in 0..<64 {
      let before = server.connectionsByThread
      let client = try await server.connect()
      // NB: Answered only once the server took the connection in.
      await client.send(.ping)
      _ = try await client.receive(\.pong)
      if server.connectionsByThread[thread] > before[thread] { return client }
    }
    throw TestClientError.noMessage("a connection on thread \(thread) in 64", received: [])
  }

  @Test func aRoomPlaysWithItsPlayersOnDifferentThreads() async throws {
    let server = try await self.server()
    let ada = try await self.connection(on: 0, of: server)
    let bob = try await self.connection(on: 1, of: server)
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    _ = try await ada.receive(\.welcome)
    _ = try await bob.receive(\.welcome)
    await ada.send(.queue(GameChoice(game: "connectfour")))
    await bob.send(.queue(GameChoice(game: "connectfour")))
    // NB: Who queued first (and plays X) is up to the two threads.
    let adaIsX = try await ada.view(ConnectFourView.self).you == .x
    #expect(try await bob.view(ConnectFourView.self).you == (adaIsX ? .o : .x))
    let (x, o) = adaIsX ? (ada, bob) : (bob, ada)
    for (number, column) in [0, 1, 0, 1, 0, 1, 0].enumerated() {
      let player = column == 0 ? x : o
      if number > 0 { _ = try await player.view(ConnectFourView.self) { $0.moveNumber == number } }
      await player.send(.move(ConnectFour.self, .drop(column: column)))
    }
    let xEnd = try await x.view(ConnectFourView.self) { $0.outcome != nil }
    let oEnd = try await o.view(ConnectFourView.self) { $0.outcome != nil }
    #expect(xEnd.outcome?.winner == .x)
    #expect(oEnd.board == xEnd.board && oEnd.outcome == xEnd.outcome)
    // A move after the end, from each thread, is answered there.
    for player in [ada, bob] {
      await player.send(.move(ConnectFour.self, .drop(column: 3)))
      #expect(try await player.receive(\.error).code == "game_over")
    }
    #expect(server.connectionsByThread.allSatisfy { $0 > 0 })
    await server.stop()
  }

  @Test func failedLogInsFromBothThreadsLockTheAccountOut() async throws {
    let server = try await self.server()
    let owner = try await server.connect()
    await owner.send(.register(name: "alice", password: "correct horse"))
    _ = try await owner.receive(\.welcome)
    // Five wrong passwords, from connections on the two threads in turn: none of the
    // connections reaches the limit of its own (five), the account does.
    let guessers = [try await self.connection(on: 0, of: server), try await self.connection(on: 1, of: server)]
    for attempt in 0..<5 {
      let guesser = guessers[attempt % 2]
      await guesser.send(.login(name: "alice", password: "wrong horse \(attempt)"))
      #expect(try await guesser.receive(\.error).code == "wrong_password")
    }
    for guesser in guessers {
      await guesser.send(.login(name: "alice", password: "correct horse"))
      let error = try await guesser.receive(\.error)
      #expect(error.code == "too_many_attempts" && error.retryAfter != nil)
    }
    await server.stop()
  }

  @Test func aConnectionOnAnotherThreadIsHeldToTheMessageRate() async throws {
    let server = try await self.server { $0.transport.maxMessagesPerSecond = 3 }
    let flooder = try await self.connection(on: 1, of: server)
    // NB: With the ping above, six in the second: past the rate, not yet twice it (closed).
    for _ in 0..<5 { await flooder.send(.ping) }
    let error = try await flooder.receive(\.error)
    #expect(error.code == "rate_limited")
    await server.stop()
  }
}
