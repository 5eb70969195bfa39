import Foundation
import GameServerTesting
import GameServerTicTacToe
import Testing

/// What the room says beside the game (the `room` message's `status`): an opponent who drops is
/// away until a deadline everyone sees, and a game that ends says why.
@MainActor
struct RoomStatusTests {
  /// Ada drops: Bob is told she is away, and until when (the server's clock, Unix
  /// milliseconds, the grace period on: 10 s here, within her move clock); the game says
  /// nothing new. Past the deadline she forfeits: Bob is told she left, and that the game ended
  /// by forfeit, which the game's own outcome (a resignation) does not say.
  @Test func anOpponentWhoDropsIsAwayUntilADeadlineAndThenForfeits() async throws {
    var settings = Server.Settings()
    settings.gracePeriod = .seconds(10)
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]), settings: settings)
    let (ada, bob) = try await server.twoGuests(in: GameChoice(game: "tictactoe"))
    let adaID = try #require(server.state.sessions.values.first { $0.identity.name == "ada" }?.identity.player)
    await ada.disconnect()
    let (away, _) = try await bob.receive(\.room)
    #expect(away.status == RoomStatus(away: [RoomStatus.Away(player: adaID, until: 1_000_010_000)]))
    #expect(try away.view(TicTacToeView.self).outcome == nil)

    await server.clock.advance(by: .seconds(10))
    // NB: Two lines of the room's log, each a message: she is gone, then her forfeit ends the game.
    let (gone, _) = try await bob.receive(\.room)
    #expect(gone.status == RoomStatus(left: [adaID]))
    let (ended, _) = try await bob.receive(\.room)
    #expect(ended.status?.left == [adaID])
    #expect(ended.status?.end == RoomStatus.End(reason: .forfeit, player: adaID))
    // One game played; Bob won it.
    #expect(ended.status?.series?.played == 1)
    #expect(ended.status?.series?.wins.filter { $0.player != adaID }.map(\.wins) == [1])
    let view = try ended.view(TicTacToeView.self)
    #expect(view.outcome == .resignation(winner: try #require(view.you)))
  }

  /// Bob resigns: both are told the game ended by resignation, and who resigned.
  @Test func aResignationSaysWhoResigned() async throws {
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]))
    let (ada, bob) = try await server.twoGuests(in: GameChoice(game: "tictactoe"))
    let bobID = try #require(server.state.sessions.values.first { $0.identity.name == "bob" }?.identity.player)
    await bob.send(.move("resign"))
    let (seen, _) = try await ada.receive(\.room)
    #expect(seen.status?.end == RoomStatus.End(reason: .resignation, player: bobID))
  }
}
