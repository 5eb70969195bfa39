import ComposableArchitecture
import Foundation
import GameServerBattleship
import GameServerTesting
import GameServerTicTacToe
import Testing

/// A player's finished game shown again move by move (`replay`): the views they were sent, from
/// the game's start to its end, read from the game's replay in the database.
@MainActor
struct PlayerReplayTests {
  static let ticTacToe = GameChoice(game: "tictactoe")

  /// Ada and Bob matched in tic-tac-toe: the client playing X first.
  func xAndO(_ server: TestGameServer) async throws -> (x: TestClient, o: TestClient, ada: TestClient, bob: TestClient)
  {
    let (ada, _) = try await server.guest("ada")
    let (bob, _) = try await server.guest("bob")
    await ada.send(.queue(Self.ticTacToe))
    await bob.send(.queue(Self.ticTacToe))
    let seen = try await ada.view(TicTacToeView.self)
    _ = try await bob.view(TicTacToeView.self)
    return seen.you == .x ? (ada, bob, ada, bob) : (bob, ada, ada, bob)
  }

  func mark(_ client: TestClient, _ row: Int, _ column: Int) async {
    await client.send(.move("move", ["cell": ["row": JSONValue(row), "column": JSONValue(column)]]))
  }

  /// X takes the top row in five moves.
  func xWinsTheTopRow(_ x: TestClient, _ o: TestClient) async throws {
    for (client, row, column) in [(x, 0, 0), (o, 1, 0), (x, 0, 1), (o, 1, 1), (x, 0, 2)] {
      await self.mark(client, row, column)
    }
    _ = try await x.view(TicTacToeView.self) { $0.outcome != nil }
    _ = try await o.view(TicTacToeView.self) { $0.outcome != nil }
  }

  /// The numbers of a client's last games, from `history`.
  func numbers(_ client: TestClient) async throws -> [Int64] {
    await client.send(.history)
    return try await client.receive(\.history).0.compactMap(\.number)
  }

  /// Each of the two players gets six frames: the empty board, then one for each of the five
  /// marks, as they saw them (the same board, but `you` is theirs); the last says who won and
  /// why, and every frame names the seats.
  @Test func aPlayerStepsThroughTheirGameMoveByMove() async throws {
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]))
    let (x, o, ada, _) = try await xAndO(server)
    try await xWinsTheTopRow(x, o)
    await server.store.receive(\.ratingsRecorded)
    let numbers = try await self.numbers(ada)
    #expect(numbers == [1])

    for (client, mark) in [(x, Mark.x), (o, Mark.o)] {
      let request = await client.send(.replay(number: 1))
      let (replay, replyTo) = try await client.receive(\.replay)
      #expect(replyTo == request)
      #expect(replay.number == 1)
      let views = try replay.frames.map { try $0.view(TicTacToeView.self) }
      #expect(views.map { $0.board.joined().count { $0 != "." } } == [0, 1, 2, 3, 4, 5])
      #expect(views.allSatisfy { $0.you == mark })
      #expect(views.last?.board.first == "XXX")
      #expect(views.last?.outcome != nil && views.dropLast().allSatisfy { $0.outcome == nil })
      #expect(replay.frames.allSatisfy { $0.seatsJSON != nil })
      #expect(replay.frames.last?.status?.end?.reason == .win)
    }
  }

  /// A rematch in the same room: the second game's replay starts at its own empty board.
  @Test func aRematchReplaysFromItsOwnStart() async throws {
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]))
    let (x, o, ada, _) = try await xAndO(server)
    try await xWinsTheTopRow(x, o)
    await x.send(.move("rematch"))
    await o.send(.move("rematch"))
    let second = try await ada.view(TicTacToeView.self) { $0.gameNumber == 2 }
    let (first, next) = second.you == .x ? (ada, ada === x ? o : x) : (ada === x ? o : x, ada)
    await self.mark(first, 2, 2)
    await self.mark(next, 0, 0)
    await first.send(.move("resign"))
    _ = try await ada.view(TicTacToeView.self) { $0.outcome != nil && $0.gameNumber == 2 }
    let numbers = try await self.numbers(ada)
    #expect(numbers == [1, 2])
    await ada.send(.replay(number: 2))
    let views = try await ada.receive(\.replay).0.frames.map { try $0.view(TicTacToeView.self) }
    #expect(views.map(\.gameNumber) == [2, 2, 2, 2])
    #expect(views.map { $0.board.joined().count { $0 != "." } } == [0, 1, 2, 2])
    #expect(views.last?.outcome != nil)
  }

  /// Ada's replay of Battleship shows her what she saw: Bob's fleet hidden until the game's end.
  @Test func aReplayKeepsTheOpponentsSecretsUntilTheEnd() async throws {
    let server = TestGameServer(games: GameCatalog([Battleship.self]))
    let (ada, bob) = try await server.twoGuests(in: GameChoice(game: "battleship"))
    await ada.send(.move(Battleship.self, .place(ships: SecretPathsTests.leftFleet)))
    await bob.send(.move(Battleship.self, .place(ships: SecretPathsTests.topFleet)))
    let playing = try await ada.view(BattleshipView.self) { $0.phase != .placing }
    let adaSeat = try #require(playing.you)
    await bob.send(.move(Battleship.self, .resign))
    _ = try await ada.view(BattleshipView.self) { $0.phase == .over }
    let number = try #require(try await self.numbers(ada).last)
    await ada.send(.replay(number: number))
    let views = try await ada.receive(\.replay).0.frames.map { try $0.view(BattleshipView.self) }
    #expect(views.count >= 3)
    #expect(views.dropLast().allSatisfy { $0.waters[1 - adaSeat].fleet == nil })
    #expect(views.contains { $0.waters[adaSeat].fleet != nil })
    #expect(views.last?.phase == .over)
  }

  /// Only one's own games: another player's, one that does not exist, and numbers that are not
  /// numbers of games are refused, each with what is wrong.
  @Test func aPlayerReplaysOnlyTheirOwnGames() async throws {
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]))
    let (x, o, _, _) = try await xAndO(server)
    try await xWinsTheTopRow(x, o)
    await server.store.receive(\.ratingsRecorded)
    let (carol, _) = try await server.guest("carol")
    await carol.send(.replay(number: 1))
    #expect(try await carol.receive(\.error).code == "unknown_game")
    await x.send(.replay(number: 2))
    #expect(try await x.receive(\.error).code == "unknown_game")
    for number in ["0", "-1", "1.5", "\"1\"", "1e300", "9007199254740994"] {
      await x.send(json: #"{"v":1,"type":"replay","number":\#(number)}"#)
      #expect(try await x.receive(\.error).code == "wrong_type", "number \(number)")
    }
    // Numbers of a million and more are game numbers as the bounds table says: up to 2^53.
    for number in ["1000000", "1000000000000", "9007199254740992"] {
      await x.send(json: #"{"v":1,"type":"replay","number":\#(number)}"#)
      #expect(try await x.receive(\.error).code == "unknown_game", "number \(number)")
    }
    await x.send(json: #"{"v":1,"type":"replay"}"#)
    #expect(try await x.receive(\.error).code == "missing_field")
  }

  /// One replay at a time for a connection, and `replaysAtOnce` in all: a database slow to
  /// answer holds the first, and the next is refused with when to ask again.
  @Test func replaysAreBoundedPerConnectionAndInAll() async throws {
    let gate = AsyncStream<Void>.makeStream()
    let database = DatabaseClient.inMemory()
    var slow = database
    slow.fetchRecordedGame = { number in
      for await _ in gate.stream { break }
      return try await database.fetchRecordedGame(number)
    }
    var settings = Server.Settings()
    settings.replaysAtOnce = 2
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]), settings: settings, database: slow)
    let (x, o, _, _) = try await xAndO(server)
    try await xWinsTheTopRow(x, o)
    await server.store.receive(\.ratingsRecorded)
    let (carol, _) = try await server.guest("carol")

    await x.send(.replay(number: 1))
    await x.send(.replay(number: 1))
    let refused = try await x.receive(\.error)
    #expect(refused.code == "rate_limited")
    #expect(refused.retryAfter == 1)
    await o.send(.replay(number: 1))
    // NB: Two in flight: a third connection waits its turn.
    await carol.send(.replay(number: 1))
    #expect(try await carol.receive(\.error).code == "rate_limited")
    #expect(server.state.replaysInFlight.count == 2)

    gate.continuation.yield()
    gate.continuation.yield()
    #expect(try await x.receive(\.replay).0.frames.count == 6)
    #expect(try await o.receive(\.replay).0.frames.count == 6)
    #expect(server.state.replaysInFlight.isEmpty)
  }

  /// A replay larger than `replayByteLimit` is refused, saying how large it is.
  @Test func aReplayTooLargeToSendIsRefused() async throws {
    var settings = Server.Settings()
    settings.replayByteLimit = 2048
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]), settings: settings)
    let (x, o, _, _) = try await xAndO(server)
    try await xWinsTheTopRow(x, o)
    await server.store.receive(\.ratingsRecorded)
    await x.send(.replay(number: 1))
    let error = try await x.receive(\.error)
    #expect(error.code == "replay_too_large")
    #expect(error.message.hasSuffix("KiB, more than this server sends (2 KiB)."))
  }

  /// A game recorded before replays were kept says so.
  @Test func aGameWithoutAReplaySaysSo() async throws {
    let database = DatabaseClient.inMemory()
    var old = database
    old.fetchRecordedGame = { number in
      guard var game = try await database.fetchRecordedGame(number) else { return nil }
      game.replay = nil
      return game
    }
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]), database: old)
    let (x, o, _, _) = try await xAndO(server)
    try await xWinsTheTopRow(x, o)
    await server.store.receive(\.ratingsRecorded)
    await x.send(.replay(number: 1))
    let error = try await x.receive(\.error)
    #expect(error.code == "no_replay")
    #expect(error.message == "Game 1 was recorded before replays were kept.")
  }
}
