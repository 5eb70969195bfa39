import ComposableArchitecture
import Foundation
import GameServerCatalog
import GameServerSQLite
import GameServerTesting
import GameServerTicTacToe
import Testing

/// What a client needs to show players and watchers: seats by name in a room's first message, the
/// move deadline in the view, the list of live rooms, and rating changes after a rated game.
@MainActor
struct LiveRoomsTests {
  func guests(_ server: TestGameServer, _ names: [String]) async throws -> [TestClient] {
    var clients: [TestClient] = []
    for name in names {
      let client = await server.connect()
      await client.send(.guest(name: name))
      _ = try await client.receive(\.welcome)
      clients.append(client)
    }
    return clients
  }

  func cell(_ row: Int, _ column: Int) -> [String: JSONValue] {
    ["cell": .object(["row": JSONValue(row), "column": JSONValue(column)])]
  }

  @Test func roomMessagesNameTheSeatsAndViewsCarryTheMoveDeadline() async throws {
    let server = TestGameServer(games: .standard)
    let clients = try await guests(server, ["ada"])
    await clients[0].send(.playBot(GameChoice(game: "tictactoe")))
    let (room, _) = try await clients[0].receive(\.room)
    let seats = try JSONParser.parse(Array(try #require(room.seatsJSON)))
    // A person's seat has their rating in the game (a newcomer's first, 1200); a bot's none.
    #expect(
      seats == [
        ["player": .string(server.state.rooms[0].seats[0].player.rawValue), "name": "ada", "rating": 1200],
        ["player": .string(server.state.rooms[0].seats[1].player.rawValue), "name": "perfect bot", "bot": "perfect"],
      ])
    let view = try JSONDecoder().decode(TicTacToeView.self, from: Data(room.viewJSON))
    // The test server's clock says 1,000,000 s; the move clock is 30 s.
    #expect(view.moveEndsAt == 1_000_030_000)
    // The views that follow leave the seats out; a newcomer's first view has them.
    await clients[0].send(.move(TicTacToe.self, .mark(Cell(row: 1, column: 1))))
    #expect(try await clients[0].receive(\.room).0.seatsJSON == nil)
    let watcher = try await guests(server, ["wes"])[0]
    await watcher.send(.spectate(room: room.room))
    #expect(try await watcher.receive(\.room).0.seatsJSON != nil)
  }

  @Test func theListShowsPublicGamesThatGoOn() async throws {
    let server = TestGameServer(games: .standard)
    let clients = try await guests(server, ["ada", "bob", "cora", "dan", "eve"])
    let (ada, bob, cora, dan, eve) = (clients[0], clients[1], clients[2], clients[3], clients[4])
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.room)
    // A private game is not listed.
    await cora.send(.createRoom(GameChoice(game: "connectfour")))
    let (code, _, _) = try await cora.receive(\.privateRoom)
    await dan.send(.joinRoom(code: code))
    _ = try await dan.receive(\.room)

    let request = await eve.send(.rooms(game: nil))
    let (rooms, replyTo) = try await eve.receive(\.rooms)
    #expect(replyTo == request)
    let id = try #require(server.state.sessions.values.first { $0.identity.name == "ada" }?.room)
    #expect(
      rooms == [RoomListing(room: id, game: "tictactoe", mode: "standard", players: ["ada", "bob"], spectators: 0)])
    await eve.send(.spectate(room: id))
    _ = try await eve.receive(\.room)
    await eve.send(.rooms(game: "tictactoe"))
    #expect(try await eve.receive(\.rooms).0.map(\.spectators) == [1])
    await eve.send(.rooms(game: "connectfour"))
    #expect(try await eve.receive(\.rooms).0.isEmpty)
    await eve.send(.rooms(game: "chess"))
    #expect(try await eve.receive(\.error).code == "invalid_value")

    // Once the game is over it leaves the list.
    await ada.send(.move(.move("resign")))
    _ = try await bob.receive(\.room)
    await eve.send(.rooms(game: nil))
    #expect(try await eve.receive(\.rooms).0.isEmpty)
  }

  @Test func eachPlayerOfARatedGameHearsTheirNewRating() async throws {
    let server = TestGameServer(games: .standard)
    let clients = try await guests(server, ["ada", "bob"])
    let (ada, bob) = (clients[0], clients[1])
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    for (player, row, column) in [(ada, 0, 0), (bob, 1, 0), (ada, 0, 1), (bob, 1, 1), (ada, 0, 2)] {
      await player.send(.move(.move("move", cell(row, column))))
    }
    await server.store.receive(\.ratingsRecorded)
    let won = try await ada.receive(\.rating)
    #expect(won.rating == 1216)
    #expect(won.change == 16)
    #expect(won.variant == .ticTacToe)
    #expect(try await bob.receive(\.rating).change == -16)
  }

  /// A guest who lost a game by forfeit, came back with their token and won the rematch hears
  /// the change from the rating the forfeit left them (1184 to 1201: +17), not from the rating
  /// a new session starts with.
  @Test func theChangeIsFromTheRatingStoredBeforeTheGame() async throws {
    let server = TestGameServer(games: .standard)
    let ada = try await guests(server, ["ada"])[0]
    let bob = await server.connect()
    await bob.send(.guest(name: "bob"))
    let token = try await bob.receive(\.welcome).token
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    _ = try await bob.receive(\.room)
    // Ada (X) moves; Bob drops and does not come back within the grace period: he forfeits.
    await ada.send(.move(.move("move", cell(0, 0))))
    await bob.disconnect()
    await server.clock.advance(by: .seconds(31))
    await server.store.receive(\.ratingsRecorded)
    #expect(try await ada.receive(\.rating).change == 16)

    let back = await server.connect()
    await back.send(.resume(token: token))
    #expect(try await back.receive(\.welcome).ratings["tictactoe"] == 1184)
    await ada.send(.move(.move("rematch")))
    await back.send(.move(.move("rematch")))
    // Bob is X now, and wins.
    for (player, row, column) in [(back, 0, 0), (ada, 1, 0), (back, 0, 1), (ada, 1, 1), (back, 0, 2)] {
      await player.send(.move(.move("move", cell(row, column))))
    }
    await server.store.receive(\.ratingsRecorded)
    let won = try await back.receive(\.rating)
    #expect(won.rating == 1201)
    #expect(won.change == 17)
    #expect(try await ada.receive(\.rating).change == -17)
  }

  @Test func aGameAgainstABotRatesNobody() async throws {
    let server = TestGameServer(games: .standard)
    let clients = try await guests(server, ["ada"])
    await clients[0].send(.playBot(GameChoice(game: "tictactoe")))
    await clients[0].send(.move(.move("resign")))
    _ = try await clients[0].receive(\.room)
    await server.store.receive(\.ratingsRecorded)
    #expect(!clients[0].messages().contains { $0.type == "rating" })
  }
}

/// A player's own last games, from the database.
@MainActor
struct HistoryTests {
  /// Asked right after leaving a game (as the browser client does on `roomLeft`), the history
  /// lists it, though its record was only queued: on SQLite that commits when the service
  /// thread's round ends, which a `TestGameServer` never asks for.
  @Test func aGameJustLeftIsListed() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try DatabaseClient.sqlite(
      path: folder.appendingPathComponent("db.sqlite").path, commitPolicy: .whenAsked)
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]), database: database)
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    _ = try await ada.receive(\.welcome)
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.room)
    await ada.send(.leaveRoom)
    _ = try await ada.receive(\.roomLeft)
    await ada.send(.history)
    let (games, _) = try await ada.receive(\.history)
    #expect(games.map(\.result) == ["loss"])
  }

  @Test func aPlayerSeesTheirLastGamesOldestFirst() async throws {
    var settings = Server.Settings()
    settings.historySize = 2
    let server = TestGameServer(games: .standard, settings: settings)
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    _ = try await ada.receive(\.welcome)
    await ada.send(.history)
    #expect(try await ada.receive(\.history).0.isEmpty)
    // Three games against the bot, each resigned; then the first won't be listed.
    for game in ["tictactoe", "connectfour", "tictactoe"] {
      await ada.send(.playBot(GameChoice(game: game)))
      _ = try await ada.receive(\.room)
      await ada.send(.move("resign"))
      await server.store.receive(\.ratingsRecorded)
      await ada.send(.leaveRoom)
      _ = try await ada.receive(\.roomLeft)
    }
    let request = await ada.send(.history)
    let (games, replyTo) = try await ada.receive(\.history)
    #expect(replyTo == request)
    #expect(games.map(\.game) == ["connectfour", "tictactoe"])
    #expect(games.map(\.result) == ["loss", "loss"])
    // NB: Numbered by the server, 1 up: what `replay` asks for.
    #expect(games.map(\.number) == [2, 3])
    #expect(games[1].players == ["ada", "perfect bot"])
    #expect(games[1].winners == ["perfect bot"])
  }
}
