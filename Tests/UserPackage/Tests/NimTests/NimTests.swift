import GameServerTesting
import Nim
import Testing

/// A whole game of Nim through the server, as its players see it.
@MainActor
@Test func adaTakesTheLastStone() async throws {
  let server = TestGameServer(games: GameCatalog([Nim.self]))
  let ada = await server.connect()
  let bob = await server.connect()
  await ada.send(.guest(name: "ada"))
  await bob.send(.guest(name: "bob"))
  let welcome = try await ada.receive(\.welcome)
  _ = try await bob.receive(\.welcome)

  // Ada waited longest and moves first.
  await ada.send(.queue(GameChoice(game: "nim")))
  await bob.send(.queue(GameChoice(game: "nim")))
  #expect(try await ada.view(NimView.self).toMove == welcome.player)

  // Bob may not move out of turn, and no one may take four.
  await bob.send(.move(Nim.self, .take(stones: 1)))
  #expect(try await bob.receive(\.error).code == "not_your_turn")
  await ada.send(.move(Nim.self, .take(stones: 4)))
  #expect(try await ada.receive(\.error).code == "cannot_take")

  // Ada leaves a multiple of four after each of her moves: 21 → 20, then 4 a round.
  await ada.send(.move(Nim.self, .take(stones: 1)))
  for bobTakes in [3, 2, 1, 3, 2] {
    await bob.send(.move(Nim.self, .take(stones: bobTakes)))
    await ada.send(.move(Nim.self, .take(stones: 4 - bobTakes)))
  }
  let views = try await bob.views(NimView.self)
  #expect(views.map(\.stones) == [20, 17, 16, 14, 12, 11, 8, 5, 4, 2, 0])
  let last = try #require(views.last)
  #expect(last.stones == 0)
  #expect(last.winner == welcome.player)

  // After the end, a move is refused with the reason.
  await bob.send(.move(Nim.self, .take(stones: 1)))
  #expect(try await bob.receive(\.error).code == "game_over")
}

/// The perfect bot wins every game it moves first in, against the random bot.
@Test func thePerfectBotWinsMovingFirst() {
  var generator = SeededRandomNumberGenerator(seed: 7)
  for _ in 0..<100 {
    var stones = 21
    var mover = NimBot.perfect
    while true {
      stones -= mover.take(from: stones, using: &generator)
      if stones == 0 { break }
      mover = mover == .perfect ? .random : .perfect
    }
    #expect(mover == .perfect)
  }
}
