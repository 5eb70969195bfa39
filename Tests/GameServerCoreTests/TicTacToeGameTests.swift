import ComposableArchitecture
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerTicTacToe
import GameServerWire
import Testing

@MainActor
struct TicTacToeGameTests {
  @Test func twoPlayersMatchAndPlayToAWin() async throws {
    let server = TestServer()
    await server.connect(1)
    await server.connect(2)
    let alice = await server.guest(1, "alice")
    let bob = await server.guest(2, "bob")

    await server.send(1, #"{"v":1,"id":"q1","type":"queue","game":"tictactoe"}"#)
    #expect(server.take(1) == [.queued(.ticTacToe, replyTo: "q1")])
    await server.send(2, #"{"v":1,"id":"q2","type":"queue","game":"tictactoe"}"#)
    // Both see the new room at once; Alice waited longest and plays X.
    let aliceView = try #require(server.take(1).compactMap(\.ticTacToeView).last)
    let bobMessages = server.take(2)
    #expect(bobMessages.first == .queued(.ticTacToe, replyTo: "q2"))
    let bobView = try #require(bobMessages.compactMap(\.ticTacToeView).last)
    #expect(aliceView.you == .x)
    #expect(bobView.you == .o)
    #expect(aliceView.x == alice.player)
    #expect(aliceView.o == bob.player)

    // X O . / X O . / X . .  -- Alice wins down the first column.
    let moves: [(UInt64, Int, Int)] = [(1, 0, 0), (2, 0, 1), (1, 1, 0), (2, 1, 1), (1, 2, 0)]
    for (connection, row, column) in moves {
      await server.send(connection, #"{"v":1,"type":"move","cell":{"row":\#(row),"column":\#(column)}}"#)
      // Every move reaches both players.
      #expect(server.take(1).compactMap(\.ticTacToeView).count == 1)
      #expect(server.take(2).compactMap(\.ticTacToeView).count == 1)
    }
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    let games = try await server.database.fetchGames(alice.player, 100)
    #expect(games.count == 1)
    #expect(games.first?.winners == [alice.player])
    // Guests are rated, but not listed: their names are not theirs alone.
    #expect(server.state.sessions[alice.player]?.identity.ratings[.ticTacToe] == 1216)
    #expect(try await server.database.fetchLeaderboard(.ticTacToe, 10).isEmpty)
  }

  /// Accounts are listed, and the leaderboard asked for right after the final view holds the
  /// game: it is recorded with the line that ended it, which the view waited for.
  @Test func theLeaderboardHoldsAGameAsSoonAsItsEndIsSeen() async throws {
    let server = TestServer()
    await server.connect(1)
    await server.connect(2)
    for (connection, name) in [(UInt64(1), "alice"), (2, "bob")] {
      await server.send(connection, #"{"v":1,"type":"register","name":"\#(name)","password":"correct horse"}"#)
      await server.store.receive(\.login.delegate.loggedIn, timeout: TestServer.databaseWait)
      await server.send(connection, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    }
    let moves: [(UInt64, Int, Int)] = [(1, 0, 0), (2, 0, 1), (1, 1, 0), (2, 1, 1), (1, 2, 0)]
    for (connection, row, column) in moves {
      await server.send(connection, #"{"v":1,"type":"move","cell":{"row":\#(row),"column":\#(column)}}"#)
    }
    #expect(server.take(2).compactMap(\.ticTacToeView).last?.outcome == .win(.x, line: Line(kind: .column(0))))
    await server.send(2, #"{"v":1,"id":"lb","type":"leaderboard","game":"tictactoe"}"#)
    await server.store.receive(\.leaderboardLoaded)
    guard case let .leaderboard(_, entries, replyTo)? = server.take(2).first else {
      Issue.record("No leaderboard")
      return
    }
    #expect(replyTo == "lb")
    #expect(entries.map(\.name) == ["alice", "bob"])
    #expect(entries.map(\.rating) == [1216, 1184])
    #expect(entries.first?.wins == 1)
  }

  @Test func illegalMovesAreRejectedWithTheRequestID() async throws {
    let server = TestServer()
    await server.connect(1)
    await server.connect(2)
    await server.guest(1, "alice")
    await server.guest(2, "bob")
    await server.send(1, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    await server.send(2, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    _ = server.take(1)
    _ = server.take(2)

    await server.send(2, #"{"v":1,"id":"m1","type":"move","cell":{"row":0,"column":0}}"#)
    #expect(
      server.errors(2) == [ProtocolError(code: "not_your_turn", message: "It is not your turn.", requestID: "m1")])
    // Nobody's view changed, so nobody got a view.
    #expect(server.take(1).isEmpty)

    await server.send(1, #"{"v":1,"id":"m2","type":"move","cell":{"row":3,"column":0}}"#)
    #expect(server.errors(1).map(\.code) == ["off_board"])
    await server.send(1, #"{"v":1,"id":"m3","type":"move","cell":{"row":1,"column":1}}"#)
    _ = server.take(1)
    _ = server.take(2)
    await server.send(2, #"{"v":1,"id":"m4","type":"move","cell":{"row":1,"column":1}}"#)
    #expect(server.errors(2).map { [$0.code, $0.requestID] } == [["cell_occupied", "m4"]])
    await server.send(2, #"{"v":1,"id":"m5","type":"word","path":[]}"#)
    #expect(server.errors(2).map(\.code) == ["wrong_game"])
    await server.send(1, #"{"v":1,"id":"q","type":"queue","game":"tictactoe"}"#)
    #expect(server.errors(1).map(\.code) == ["already_in_room"])
  }

  @Test func aPlayerAloneGetsABotAfterTheWait() async throws {
    var settings = Server.Settings()
    settings.matchmaking.botAfter = .seconds(5)
    let server = TestServer(settings: settings)
    await server.connect(1)
    await server.guest(1, "alice")
    await server.send(1, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    _ = server.take(1)
    await server.clock.advance(by: .seconds(5))
    await server.store.receive(\.matchmaking.delegate.matched)
    let view = try #require(server.take(1).compactMap(\.ticTacToeView).last)
    #expect(view.you == .x)
    #expect(view.o.rawValue.hasPrefix("bot-"))
    // The bot answers a move after its delay.
    await server.send(1, #"{"v":1,"type":"move","cell":{"row":0,"column":0}}"#)
    _ = server.take(1)
    await server.clock.advance(by: .milliseconds(600))
    await server.store.receive(\.rooms)
    let answered = try #require(server.take(1).compactMap(\.ticTacToeView).last)
    #expect(answered.moveNumber == 2)
    #expect(answered.board[1] == ".O.")
  }

  @Test func playBotStartsAtOnce() async throws {
    let server = TestServer()
    await server.connect(1)
    await server.guest(1, "alice")
    await server.send(1, #"{"v":1,"type":"playBot","game":"tictactoe"}"#)
    #expect(server.take(1).compactMap(\.ticTacToeView).count == 1)
  }

  @Test func friendsMeetInAPrivateRoom() async throws {
    let server = TestServer()
    await server.connect(1)
    await server.connect(2)
    await server.guest(1, "alice")
    await server.guest(2, "bob")
    await server.send(1, #"{"v":1,"id":"c","type":"createRoom","game":"tictactoe"}"#)
    guard case let .privateRoom(code, variant, replyTo)? = server.take(1).first else {
      Issue.record("No invite code")
      return
    }
    #expect(variant == .ticTacToe)
    #expect(replyTo == "c")
    await server.send(2, #"{"v":1,"id":"j","type":"joinRoom","code":"ZZZZZ"}"#)
    #expect(server.errors(2).map { [$0.code, $0.requestID] } == [["unknown_invite_code", "j"]])
    await server.send(2, #"{"v":1,"type":"joinRoom","code":"\#(code)"}"#)
    #expect(server.take(1).compactMap(\.ticTacToeView).count == 1)
    #expect(server.take(2).compactMap(\.ticTacToeView).count == 1)
  }
}
