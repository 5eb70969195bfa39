import ComposableArchitecture
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerTicTacToe
import GameServerWire
import Testing

/// Every request is answered, and the answer carries its id back as `replyTo`: also the `room`
/// and `roomLeft` messages that answer requests.
@MainActor
struct ReplyTests {
  @Test func roomMessagesAnswerTheRequestsThatMadeThem() async throws {
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)
    let server = TestServer(settings: settings)
    await server.connect(1)
    await server.connect(2)
    await server.connect(3)
    await server.guest(1, "alice")
    await server.guest(2, "bob")
    await server.guest(3, "carol")

    // A private room: the creator gets privateRoom, the one who joins the room with replyTo;
    // the creator's room message answers nothing.
    await server.send(1, #"{"v":1,"id":"c","type":"createRoom","game":"tictactoe"}"#)
    guard case let .privateRoom(code, _, replyTo)? = server.take(1).first else {
      Issue.record("No private room")
      return
    }
    #expect(replyTo == "c")
    await server.send(2, #"{"v":1,"id":"j","type":"joinRoom","code":"\#(code)"}"#)
    #expect(server.take(2).map(\.replyTo) == ["j"])
    #expect(server.take(1).map(\.replyTo) == [nil])
    let room = server.onlyRoom

    // A move: the mover's view answers it; the other's does not.
    await server.send(1, #"{"v":1,"id":"m1","type":"move","cell":{"row":0,"column":0}}"#)
    #expect(server.take(1).map(\.replyTo) == ["m1"])
    #expect(server.take(2).map(\.replyTo) == [nil])
    // Watching: the view answers, also when already watching.
    await server.send(3, #"{"v":1,"id":"s1","type":"spectate","room":"\#(room)"}"#)
    #expect(server.take(3).map(\.replyTo) == ["s1"])
    await server.send(3, #"{"v":1,"id":"s2","type":"spectate","room":"\#(room)"}"#)
    #expect(server.take(3).map(\.replyTo) == ["s2"])
    // Resigning, and the rematch asked for after it.
    await server.send(2, #"{"v":1,"id":"r","type":"resign"}"#)
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    // The players' new ratings follow, answering nothing; the spectator has none.
    let resigned = server.take(2)
    #expect(resigned.map(\.type) == ["room", "rating"])
    #expect(resigned.map(\.replyTo) == ["r", nil])
    let winner = server.take(1)
    #expect(winner.map(\.type) == ["room", "rating"])
    #expect(winner.map(\.replyTo) == [nil, nil])
    #expect(server.take(3).map(\.replyTo) == [nil])
    await server.send(1, #"{"v":1,"id":"again","type":"rematch"}"#)
    #expect(server.take(1).map(\.replyTo) == ["again"])
    #expect(server.take(2).map(\.replyTo) == [nil])
    #expect(server.take(3).map(\.replyTo) == [nil])
    // Leaving, seated or watching.
    await server.send(3, #"{"v":1,"id":"l3","type":"leaveRoom"}"#)
    #expect(server.take(3) == [.roomLeft(room, reason: "left", replyTo: "l3")])
    await server.send(2, #"{"v":1,"id":"l2","type":"leaveRoom"}"#)
    #expect(server.take(2) == [.roomLeft(room, reason: "left", replyTo: "l2")])
  }

  @Test func playingABotAnswersWithTheRoom() async throws {
    let server = TestServer()
    await server.connect(1)
    await server.guest(1, "alice")
    await server.send(1, #"{"v":1,"id":"b","type":"playBot","game":"tictactoe"}"#)
    let messages = server.take(1)
    #expect(messages.count == 1)
    #expect(messages.first?.replyTo == "b")
    #expect(messages.first?.ticTacToeView != nil)
    // A room from the queue answers nothing: `queued` did.
    await server.connect(2)
    await server.connect(3)
    await server.guest(2, "bob")
    await server.guest(3, "carol")
    await server.send(2, #"{"v":1,"id":"q2","type":"queue","game":"tictactoe"}"#)
    await server.send(3, #"{"v":1,"id":"q3","type":"queue","game":"tictactoe"}"#)
    #expect(server.take(2).map(\.replyTo) == ["q2", nil])
    #expect(server.take(3).map(\.replyTo) == ["q3", nil])
  }

  /// Room ids are 64 random bits, drawn from the random-number dependency: unguessable, and the
  /// same in a replay of the same seed.
  @Test func roomIDsAreRandom() async throws {
    func firstRoom(seed: UInt64) async -> RoomID {
      let server = TestServer(seed: seed)
      await server.connect(1)
      await server.guest(1, "alice")
      await server.send(1, #"{"v":1,"type":"playBot","game":"tictactoe"}"#)
      return server.onlyRoom
    }
    let first = await firstRoom(seed: 1)
    #expect(first == (await firstRoom(seed: 1)))
    #expect(first != (await firstRoom(seed: 2)))
    #expect(first.rawValue.wholeMatch(of: /room-[0-9a-f]{16}/) != nil)
  }
}
