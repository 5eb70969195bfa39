import GameServerConnectFour
import GameServerTesting
import Testing

/// One test, in process and on loopback: the same code through ``GameServerUnderTest``.
@MainActor
struct LiveGameServerTests {
  @Test(arguments: [false, true])
  func adaBeatsBobAtConnectFour(live: Bool) async throws {
    let games = GameCatalog([ConnectFour.self])
    let server: any GameServerUnderTest =
      live ? try await LiveGameServer.start(games: games) : TestGameServer(games: games)
    let ada = try await server.connect()
    let bob = try await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    let welcome = try await ada.receive(\.welcome)
    _ = try await bob.receive(\.welcome)

    await ada.send(.queue(GameChoice(game: "connectfour")))
    await bob.send(.queue(GameChoice(game: "connectfour")))
    #expect(try await ada.view(ConnectFourView.self).you == .x)
    // NB: Each waits to be shown the move before theirs: live, two sockets keep no order
    //     between them.
    for (number, column) in [0, 1, 0, 1, 0, 1, 0].enumerated() {
      let player = column == 0 ? ada : bob
      if number > 0 { _ = try await player.view(ConnectFourView.self) { $0.moveNumber == number } }
      await player.send(.move(ConnectFour.self, .drop(column: column)))
    }
    let end = try await bob.view(ConnectFourView.self) { $0.outcome != nil }
    #expect(end.outcome?.winner == .x)
    #expect(end.x == welcome.player)

    await bob.send(.move(ConnectFour.self, .drop(column: 3)))
    #expect(try await bob.receive(\.error).code == "game_over")
    await server.stop()
  }

  @Test func aLiveClientSaysWhatItGotWhenNoneCame() async throws {
    let server = try await LiveGameServer.start(games: GameCatalog([ConnectFour.self]))
    server.timeout = .milliseconds(300)
    let ada = try await server.connect()
    await ada.send(.ping)
    await #expect(throws: TestClientError.self) { try await ada.receive(\.welcome) }
    await server.stop()
  }
}
