import ComposableArchitecture
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerTicTacToe
import GameServerWire
import Testing

/// Rooms played and abandoned leave nothing behind: the server's state and its running effects
/// (timers) go back to nothing, however many rooms came and went.
@MainActor
struct MemoryTests {
  @Test func roomsPlayedAndAbandonedLeaveNothingBehind() async throws {
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)
    settings.gracePeriod = .seconds(30)
    let database = DatabaseClient.inMemory()
    // NB: Not listening to storage events: that effect runs for the server's whole life.
    let server = TestServer(settings: settings, database: database, listensToStorage: false)
    var connection: UInt64 = 0
    func next() -> UInt64 {
      connection += 1
      return connection
    }

    for round in 0..<60 {
      // Two guests play to a win, and both drop.
      let (a, b, watcher) = (next(), next(), next())
      for (c, name) in [(a, "ann"), (b, "ben"), (watcher, "wes")] {
        await server.connect(c)
        await server.guest(c, name)
      }
      await server.send(a, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
      await server.send(b, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
      await server.send(watcher, #"{"v":1,"type":"spectate","room":"\#(server.onlyRoom)"}"#)
      for (c, row, column) in [(a, 0, 0), (b, 1, 0), (a, 0, 1), (b, 1, 1), (a, 0, 2)] {
        await server.send(c, #"{"v":1,"type":"move","cell":{"row":\#(row),"column":\#(column)}}"#)
      }
      for c in [a, b, watcher] { await server.disconnect(c) }
      // One drops during a game: it is forfeited after the grace period, and the other leaves.
      let (c, d) = (next(), next())
      await server.connect(c)
      await server.connect(d)
      await server.guest(c, "cat")
      await server.guest(d, "dan")
      await server.send(c, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
      await server.send(d, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
      await server.disconnect(c)
      // A bot game, resigned, then left and logged out of.
      let e = next()
      await server.connect(e)
      await server.guest(e, "eve")
      await server.send(e, #"{"v":1,"type":"playBot","game":"tictactoe"}"#)
      await server.send(e, #"{"v":1,"type":"resign"}"#)
      await server.send(e, #"{"v":1,"type":"leaveRoom"}"#)
      await server.send(e, #"{"v":1,"type":"logout"}"#)
      await server.store.receive(\.login.delegate.loggedOut)
      await server.disconnect(e)

      await server.clock.advance(by: .seconds(30))
      await server.send(d, #"{"v":1,"type":"leaveRoom"}"#)
      await server.disconnect(d)
      for c in 1...connection { _ = server.take(c) }
      if round == 0 { #expect(server.state.rooms.isEmpty) }
    }

    let state = server.state
    #expect(state.connections.isEmpty)
    #expect(state.sessions.isEmpty)
    #expect(state.rooms.isEmpty)
    #expect(state.nextLogSequence.isEmpty)
    #expect(state.unavailableRooms.isEmpty)
    #expect(state.unrecordedGames.isEmpty)
    #expect(state.login.inFlight.isEmpty)
    #expect(state.matchmaking.queues.isEmpty)
    #expect(state.matchmaking.privateRooms.isEmpty)
    #expect(try await database.fetchRoomLogs().isEmpty)
    // No timer or other effect is left running.
    await server.store.finish(timeout: .seconds(1))
  }
}
