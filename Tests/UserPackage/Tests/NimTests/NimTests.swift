import GameServerTesting
import Nim
import Testing

/// A whole game of Nim through the server, as its players see it: in process, and live over
/// real websockets (the same code).
@MainActor
@Test(arguments: [false, true])
func adaTakesTheLastStone(live: Bool) async throws {
  let games = GameCatalog([Nim.self])
  let server: any GameServerUnderTest =
    live ? try await LiveGameServer.start(games: games) : TestGameServer(games: games)
  let ada = try await server.connect()
  let bob = try await server.connect()
  await ada.send(.guest(name: "ada"))
  await bob.send(.guest(name: "bob"))
  let welcome = try await ada.receive(\.welcome)
  _ = try await bob.receive(\.welcome)

  // Ada waited longest and moves first.
  await ada.send(.queue(GameChoice(game: "nim")))
  await bob.send(.queue(GameChoice(game: "nim")))
  #expect(try await ada.view(NimView.self).toMove == welcome.player)
  _ = try await bob.view(NimView.self)

  // Bob may not move out of turn, and no one may take four.
  await bob.send(.move(Nim.self, .take(stones: 1)))
  #expect(try await bob.receive(\.error).code == "not_your_turn")
  await ada.send(.move(Nim.self, .take(stones: 4)))
  #expect(try await ada.receive(\.error).code == "cannot_take")

  // Ada leaves a multiple of four after each of her moves: 21 → 20, then 4 a round; each waits
  // to be shown the other's move (live, two sockets keep no order between them).
  await ada.send(.move(Nim.self, .take(stones: 1)))
  var stones = 20
  for bobTakes in [3, 2, 1, 3, 2] {
    _ = try await bob.view(NimView.self) { [stones] in $0.stones == stones }
    await bob.send(.move(Nim.self, .take(stones: bobTakes)))
    _ = try await ada.view(NimView.self) { [stones] in $0.stones == stones - bobTakes }
    await ada.send(.move(Nim.self, .take(stones: 4 - bobTakes)))
    stones -= 4
  }
  let last = try await bob.view(NimView.self) { $0.stones == 0 }
  #expect(last.winner == welcome.player)
  #expect(last.toMove == nil)

  // After the end, a move is refused with the reason.
  await bob.send(.move(Nim.self, .take(stones: 1)))
  #expect(try await bob.receive(\.error).code == "game_over")
  await server.stop()
}

/// Every view Bob is sent, in order, in process.
@MainActor
@Test func bobSeesEveryMove() async throws {
  let server = TestGameServer(games: GameCatalog([Nim.self]))
  let ada = await server.connect()
  let bob = await server.connect()
  await ada.send(.guest(name: "ada"))
  await bob.send(.guest(name: "bob"))
  _ = try await ada.receive(\.welcome)
  _ = try await bob.receive(\.welcome)
  await ada.send(.queue(GameChoice(game: "nim")))
  await bob.send(.queue(GameChoice(game: "nim")))
  _ = try await bob.view(NimView.self)
  for (player, take) in [(ada, 3), (bob, 2), (ada, 2), (bob, 3)] {
    await player.send(.move(Nim.self, .take(stones: take)))
  }
  #expect(try await bob.views(NimView.self).map(\.stones) == [18, 16, 14, 11])
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
