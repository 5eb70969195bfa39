import Foundation
import GameServerConnectFour
import GameServerTesting
import Testing

// The example of the testing kit in the article "Testing games", word for word (DocumentationExamplesTests).
@MainActor
@Test func adaBeatsBobAtConnectFour() async throws {
  let server = TestGameServer(games: GameCatalog([ConnectFour.self]))
  let ada = await server.connect()
  let bob = await server.connect()
  await ada.send(.guest(name: "ada"))
  await bob.send(.guest(name: "bob"))
  let welcome = try await ada.receive(\.welcome)
  _ = try await bob.receive(\.welcome)

  // Both queue; Ada waited longest and plays X, who moves first.
  await ada.send(.queue(GameChoice(game: "connectfour")))
  await bob.send(.queue(GameChoice(game: "connectfour")))
  #expect(try await ada.view(ConnectFourView.self).you == .x)

  // Ada stacks four in the first column while Bob plays the second.
  for column in [0, 1, 0, 1, 0, 1, 0] {
    let player = column == 0 ? ada : bob
    await player.send(.move(ConnectFour.self, .drop(column: column)))
  }
  let view = try await bob.view(ConnectFourView.self)
  #expect(view.outcome?.winner == .x)
  #expect(view.x == welcome.player)

  // A move after the end is refused, with the reason.
  await bob.send(.move(ConnectFour.self, .drop(column: 3)))
  #expect(try await bob.receive(\.error).code == "game_over")
}
