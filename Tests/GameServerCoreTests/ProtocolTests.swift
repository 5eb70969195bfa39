import GameServerCatalog
import GameServerCore
import GameServerGame
import GameServerWire
import Testing

/// Bad input gets a clear error, and the server goes on serving that client and everyone else.
@MainActor
struct ProtocolTests {
  @Test(
    arguments: [
      ("not json", "malformed_json", nil),
      ("[1, 2]", "malformed_json", nil),
      (#"{"v":2,"id":"a","type":"ping"}"#, "unsupported_version", "a"),
      (#"{"id":"a","type":"ping"}"#, "missing_field", "a"),
      (#"{"v":"1","id":"a","type":"ping"}"#, "wrong_type", "a"),
      (#"{"v":1.5,"id":"a","type":"ping"}"#, "wrong_type", "a"),
      (#"{"v":1,"id":"a","type":"fly"}"#, "unknown_type", "a"),
      (#"{"v":1,"id":"a"}"#, "missing_field", "a"),
      (#"{"v":1,"id":"a","type":"guest"}"#, "missing_field", "a"),
      (#"{"v":1,"id":"a","type":"guest","name":42}"#, "wrong_type", "a"),
      (#"{"v":1,"id":"a","type":"guest","name":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}"#, "value_too_long", "a"),
      (#"{"v":1,"id":"a","type":"move","cell":[0,0]}"#, "wrong_type", "a"),
      (#"{"v":1,"id":"a","type":"move","cell":{"row":true,"column":0}}"#, "wrong_type", "a"),
      (#"{"v":1,"id":"a","type":"queue","game":"chess"}"#, "invalid_value", "a"),
      (#"{"v":1,"id":"a","type":"word","path":[{"x":0,"y":0,"z":0,"face":"bottom"}]}"#, "invalid_value", "a"),
      (#"{"v":1,"id":7,"type":"ping"}"#, "wrong_type", nil),
    ] as [(String, String, String?)])
  func malformedMessagesGetAnError(text: String, code: String, requestID: String?) async {
    let server = TestServer()
    await server.connect(1)
    await server.send(1, text)
    let errors = server.errors(1)
    #expect(errors.map(\.code) == [code])
    #expect(errors.first?.requestID == requestID)
    #expect(errors.allSatisfy { !$0.message.isEmpty })
    // The connection still works.
    await server.send(1, #"{"v":1,"id":"p","type":"ping"}"#)
    #expect(server.take(1) == [.pong(replyTo: "p")])
  }

  /// The lobby learns the games from the server: every game of the catalog, with its modes,
  /// seats and bots, also before logging in.
  @Test func theGamesAreListed() async throws {
    let server = TestServer()
    await server.connect(1)
    await server.send(1, #"{"v":1,"id":"g","type":"games"}"#)
    let message = try #require(server.take(1).first)
    guard case let .games(games, replyTo) = message else {
      Issue.record("Expected the games, got \(message)")
      return
    }
    #expect(replyTo == "g")
    #expect(games.map(\.game) == GameCatalog.standard.games.map { $0.id })
    let wordGrid = try #require(games.first { $0.game == "wordgrid" })
    #expect(wordGrid.modes.map(\.mode) == ["race", "turns"])
    #expect(wordGrid.bots == ["easy", "hard"])
    let json = String(decoding: message.jsonBytes, as: UTF8.self)
    #expect(
      json.hasPrefix(
        #"{"v":1,"type":"games","games":[{"game":"tictactoe","title":"Tic-tac-toe","modes":[{"mode":"standard","minPlayers":2,"maxPlayers":2}],"bots":["random","perfect"]}"#
      ))
  }

  @Test func nothingButLoginBeforeLogin() async {
    let server = TestServer()
    await server.connect(1)
    for text in [
      #"{"v":1,"id":"a","type":"queue","game":"tictactoe"}"#,
      #"{"v":1,"id":"a","type":"move","cell":{"row":0,"column":0}}"#,
      #"{"v":1,"id":"a","type":"leaderboard","game":"tictactoe"}"#,
      #"{"v":1,"id":"a","type":"logout"}"#,
    ] {
      await server.send(1, text)
      #expect(server.errors(1).map(\.code) == ["not_logged_in"])
    }
    await server.guest(1, "alice")
    await server.send(1, #"{"v":1,"id":"b","type":"guest","name":"again"}"#)
    #expect(server.errors(1).map(\.code) == ["already_logged_in"])
  }

  @Test func wrongPasswordsAndTakenNames() async {
    let server = TestServer()
    await server.connect(1)
    await server.connect(2)
    await server.send(1, #"{"v":1,"id":"r","type":"register","name":"alice","password":"correct horse"}"#)
    await server.store.receive(\.login.delegate.loggedIn, timeout: TestServer.databaseWait)
    _ = server.take(1)
    await server.send(2, #"{"v":1,"id":"r2","type":"register","name":"Alice","password":"another one"}"#)
    await server.store.receive(\.login.delegate.failed)
    #expect(server.errors(2).map { [$0.code, $0.requestID] } == [["name_taken", "r2"]])
    await server.send(2, #"{"v":1,"id":"l","type":"login","name":"alice","password":"wrong horse"}"#)
    await server.store.receive(\.login.delegate.failed)
    #expect(server.errors(2).map(\.code) == ["wrong_password"])
    await server.send(2, #"{"v":1,"id":"l","type":"login","name":"nobody","password":"wrong horse"}"#)
    await server.store.receive(\.login.delegate.failed)
    // NB: A name with no account is answered as a wrong password: logins do not tell which
    // names have accounts.
    #expect(server.errors(2).map(\.code) == ["wrong_password"])
    await server.send(2, #"{"v":1,"id":"l","type":"resume","token":"bogus"}"#)
    await server.store.receive(\.login.delegate.failed)
    #expect(server.errors(2).map(\.code) == ["unknown_token"])
    // Logging in again elsewhere moves the session to the new connection.
    await server.send(2, #"{"v":1,"id":"l","type":"login","name":"alice","password":"correct horse"}"#)
    await server.store.receive(\.login.delegate.loggedIn, timeout: TestServer.databaseWait)
    #expect(server.take(2).first?.type == "welcome")
    #expect(server.errors(1).map(\.code) == ["logged_in_elsewhere"])
  }

  /// Logging out revokes the token: it resumes nothing afterwards.
  @Test func loggingOutRevokesTheToken() async {
    let server = TestServer()
    await server.connect(1)
    let alice = await server.guest(1, "alice")
    await server.send(1, #"{"v":1,"id":"bye","type":"logout"}"#)
    await server.store.receive(\.login.delegate.loggedOut)
    #expect(server.take(1) == [.goodbye(replyTo: "bye")])
    #expect(server.state.sessions[alice.player] == nil)
    await server.send(1, #"{"v":1,"id":"r","type":"resume","token":"\#(alice.token)"}"#)
    await server.store.receive(\.login.delegate.failed)
    #expect(server.errors(1).map { [$0.code, $0.requestID] } == [["unknown_token", "r"]])
  }

  @Test func unknownRoomsAndRoomlessMoves() async {
    let server = TestServer()
    await server.connect(1)
    await server.guest(1, "alice")
    await server.send(1, #"{"v":1,"id":"s","type":"spectate","room":"room-99"}"#)
    #expect(server.errors(1).map { [$0.code, $0.requestID] } == [["unknown_room", "s"]])
    await server.send(1, #"{"v":1,"id":"m","type":"move","cell":{"row":0,"column":0}}"#)
    #expect(server.errors(1).map(\.code) == ["not_in_room"])
    await server.send(1, #"{"v":1,"id":"c","type":"cancelQueue"}"#)
    #expect(server.errors(1).map(\.code) == ["not_waiting"])
    await server.send(1, #"{"v":1,"id":"q","type":"queue","game":"wordgrid","mode":"turns"}"#)
    await server.send(1, #"{"v":1,"id":"q2","type":"queue","game":"tictactoe"}"#)
    let messages = server.take(1)
    #expect(messages.first == .queued(.wordGridTurns, replyTo: "q"))
    #expect(messages.dropFirst().first.map { if case let .error(e) = $0 { e.code } else { "" } } == "already_waiting")
    await server.send(1, #"{"v":1,"id":"c","type":"cancelQueue"}"#)
    #expect(server.take(1) == [.queueLeft(replyTo: "c")])
  }

  @Test func messagesEncodeWithVersionTypeAndReplyTo() {
    let error = ServerMessage.error(ProtocolError(code: "x", message: "y", requestID: "r1")).json
    #expect(error.contains(#""v":1"#))
    #expect(error.contains(#""type":"error""#))
    #expect(error.contains(#""replyTo":"r1""#))
    #expect(ServerMessage.pong(replyTo: nil).json.contains(#""type":"pong""#))
  }
}
