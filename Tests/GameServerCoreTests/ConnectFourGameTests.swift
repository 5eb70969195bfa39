import ComposableArchitecture
import GameServerConnectFour
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerWire
import Testing

/// Connect Four through the generic room, as any game plays: queued, matched, played over the
/// wire to a win, recorded and rated, with errors for moves the game refuses.
@MainActor
struct ConnectFourGameTests {
  private func view(_ messages: [ServerMessage]) -> ConnectFourView? {
    messages.compactMap { $0.view(ConnectFourView.self, game: ConnectFour.id) }.last
  }

  @Test func twoPlayersMatchAndPlayToAWin() async throws {
    let server = TestServer()
    await server.connect(1)
    await server.connect(2)
    let ann = await server.guest(1, "ann")
    let ben = await server.guest(2, "ben")
    await server.send(1, #"{"v":1,"id":"q1","type":"queue","game":"connectfour"}"#)
    #expect(server.take(1) == [.queued(.connectFour, replyTo: "q1")])
    await server.send(2, #"{"v":1,"type":"queue","game":"connectfour"}"#)
    let annView = try #require(self.view(server.take(1)))
    _ = server.take(2)
    #expect(annView.you == .x)
    #expect(annView.x == ann.player && annView.o == ben.player)

    // Out of turn, off the board, and a tic-tac-toe move: refused, and nothing changes.
    await server.send(2, #"{"v":1,"id":"b","type":"drop","column":3}"#)
    #expect(server.errors(2).map(\.code) == ["not_your_turn"])
    await server.send(1, #"{"v":1,"id":"o","type":"drop","column":7}"#)
    #expect(server.errors(1).map(\.code) == ["off_board"])
    await server.send(1, #"{"v":1,"id":"t","type":"move","cell":{"row":0,"column":0}}"#)
    #expect(server.errors(1).map(\.code) == ["wrong_game"])

    // Ann stacks four in column 0; Ben answers in column 1.
    for (connection, column) in [(UInt64(1), 0), (2, 1), (1, 0), (2, 1), (1, 0), (2, 1), (1, 0)] {
      await server.send(connection, #"{"v":1,"id":"d","type":"drop","column":\#(column)}"#)
      #expect(self.view(server.take(1)) != nil)
      #expect(self.view(server.take(2)) != nil)
    }
    let final = try #require(server.state.rooms.first?.game.state(of: ConnectFour.self))
    #expect(final.outcome?.winner == .x)
    #expect(final.board[Cell(row: 5, column: 0)] == .x)
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    let games = try await server.database.fetchGames(ann.player, 100)
    #expect(games.first?.winners == [ann.player])
    #expect(games.first?.moves == "[0,1,0,1,0,1,0]")
    #expect(server.state.sessions[ann.player]?.identity.ratings[.connectFour] == 1216)
  }

  @Test func aPlayerAloneCanPlayTheStrongBot() async throws {
    let server = TestServer()
    await server.connect(1)
    await server.guest(1, "ann")
    await server.send(1, #"{"v":1,"id":"p","type":"playBot","game":"connectfour"}"#)
    let room = try #require(server.state.rooms.first)
    #expect(room.seats.map(\.bot) == [nil, "strong"])
    await server.send(1, #"{"v":1,"type":"drop","column":3}"#)
    // The bot answers after its thinking time, on the game clock.
    await server.clock.advance(by: ConnectFour.botDelay(.strong))
    await server.store.receive(\.rooms)
    await server.store.skipReceivedActions()
    let game = try #require(server.state.rooms.first?.game.state(of: ConnectFour.self))
    #expect(game.moveNumber == 2)
  }
}
