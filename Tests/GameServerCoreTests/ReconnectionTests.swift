import ComposableArchitecture
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerTicTacToe
import GameServerWire
import Testing

@MainActor
struct ReconnectionTests {
  /// Alice (X, connection 1) and Bob (O, connection 2) in a tic-tac-toe room; Alice has moved.
  func startGame(_ server: TestServer) async -> (
    alice: (player: PlayerID, token: String), bob: (player: PlayerID, token: String)
  ) {
    let (alice, bob) = await server.startTicTacToe()
    await server.play([(1, 1, 1)])
    _ = server.take(1)
    _ = server.take(2)
    return (alice, bob)
  }

  @Test func aPlayerWhoReconnectsInTimeResumesWithTheToken() async throws {
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)
    let server = TestServer(settings: settings)
    let (_, bob) = await startGame(server)
    await server.disconnect(2)
    // Bob's seat is kept; Alice's game does not change, but she is told Bob is away, and until
    // when his seat is kept.
    let told = server.take(1)
    guard told.count == 1, case let .room(away, _) = told[0] else {
      Issue.record("Expected one room message, got \(told)")
      return
    }
    #expect(away.status == RoomStatus(away: [RoomStatus.Away(player: bob.player, until: 1_000_030_000)]))
    await server.clock.advance(by: .seconds(29))
    await server.connect(3)
    await server.send(3, #"{"v":1,"id":"r","type":"resume","token":"\#(bob.token)"}"#)
    await server.store.receive(\.login.delegate.loggedIn, timeout: TestServer.databaseWait)
    let messages = server.take(3)
    guard case let .welcome(welcome)? = messages.first else {
      Issue.record("Expected a welcome, got \(messages)")
      return
    }
    #expect(welcome.player == bob.player)
    #expect(welcome.room == server.state.rooms.first?.id)
    // The current view at once.
    let view = try #require(messages.compactMap(\.ticTacToeView).last)
    #expect(view.you == .o)
    #expect(view.board == ["...", ".X.", "..."])
    // The grace timer was cancelled: nothing happens later, and Bob plays on.
    await server.clock.advance(by: .seconds(5))
    await server.send(3, #"{"v":1,"type":"move","cell":{"row":0,"column":0}}"#)
    #expect(server.take(1).compactMap(\.ticTacToeView).last?.moveNumber == 2)
  }

  @Test func pastTheGracePeriodTheGameIsForfeited() async throws {
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)
    let server = TestServer(settings: settings)
    let (alice, bob) = await startGame(server)
    await server.disconnect(2)
    await server.clock.advance(by: .seconds(30))
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    let view = try #require(server.take(1).compactMap(\.ticTacToeView).last)
    #expect(view.outcome == .resignation(winner: .x))
    let games = try await server.database.fetchGames(bob.player, 100)
    #expect(games.first?.winners == [alice.player])
  }

  @Test func aSpectatorSeesTheBoard() async throws {
    let server = TestServer()
    _ = await startGame(server)
    await server.connect(3)
    await server.guest(3, "carol")
    await server.send(3, #"{"v":1,"type":"spectate","room":"\#(server.onlyRoom)"}"#)
    let view = try #require(server.take(3).compactMap(\.ticTacToeView).last)
    #expect(view.you == nil)
    #expect(view.board == ["...", ".X.", "..."])
    // The players' views did not change.
    #expect(server.take(1).isEmpty)
    await server.send(2, #"{"v":1,"type":"move","cell":{"row":0,"column":0}}"#)
    #expect(server.take(3).compactMap(\.ticTacToeView).last?.moveNumber == 2)
    await server.send(3, #"{"v":1,"id":"x","type":"move","cell":{"row":2,"column":2}}"#)
    // A spectator is in the room, but has no seat.
    #expect(server.errors(3).map(\.code) == ["not_seated"])
  }

  @Test func leavingDuringAGameForfeitsIt() async throws {
    let server = TestServer()
    let (_, _) = await startGame(server)
    await server.send(2, #"{"v":1,"id":"l","type":"leaveRoom"}"#)
    #expect(server.take(1).compactMap(\.ticTacToeView).last?.outcome == .resignation(winner: .x))
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    // The game was rated: who left lost it, and hears so.
    #expect(
      server.take(2) == [
        .roomLeft(server.onlyRoom, reason: "left", replyTo: "l"),
        .rating(RatingChange(room: server.onlyRoom, variant: .ticTacToe, rating: 1184, change: -16)),
      ])
    // Alice leaves too: the room closes.
    await server.send(1, #"{"v":1,"type":"leaveRoom"}"#)
    #expect(server.state.rooms.isEmpty)
  }
}
