import ComposableArchitecture
import Foundation
import GameServerCatalog
import GameServerConnectFour
import GameServerTesting
import GameServerTicTacToe
import GameServerWordGrid
import Testing

/// Rooms with bots, as players meet them: a bot takes a rematch it is offered, and a game only
/// bots would play on, with nobody seated or watching, ends and leaves the list of live rooms.
@MainActor
struct BotRoomTests {
  /// After a game against a bot, a rematch asked for starts the next game at once, in every
  /// game that has rematches.
  @Test(arguments: ["tictactoe", "connectfour", "battleship"])
  func aBotTakesARematchAtOnce(game: String) async throws {
    let server = TestGameServer(games: .standard)
    let ada = try await server.guest("ada").0
    await ada.send(.playBot(GameChoice(game: game)))
    let room = try await ada.receive(\.room).0.room
    await ada.send(.move("resign"))
    _ = try await ada.receive(\.room)
    #expect(server.state.rooms[id: room]?.game.isOver == true)
    await ada.send(.move("rematch"))
    _ = try await ada.receive(\.room)
    // NB: No clock advanced: the bot answered at once.
    #expect(server.state.rooms[id: room]?.gameNumber == 2)
    #expect(server.state.rooms[id: room]?.game.isOver == false)
    // The bot plays the new game on as before.
    await server.clock.advance(by: .seconds(1))
    #expect(server.state.rooms[id: room]?.game.isOver == false)
  }

  /// A player picks the bot's strength from the game's levels; one the game has not is refused,
  /// naming those it has, and opens no room.
  @Test func aPlayerChoosesHowStrongTheBotIs() async throws {
    let server = TestGameServer(games: .standard)
    let ada = try await server.guest("ada").0
    await ada.send(.playBot(GameChoice(game: "tictactoe", bot: "grandmaster")))
    let error = try await ada.receive(\.error)
    #expect(error.code == "invalid_value")
    #expect(error.message.contains("random") && error.message.contains("perfect"))
    #expect(server.state.rooms.isEmpty)
    for level in ["random", "perfect"] {
      await ada.send(.playBot(GameChoice(game: "tictactoe", bot: level)))
      let room = try await ada.receive(\.room).0.room
      #expect(server.state.rooms[id: room]?.seats.compactMap(\.bot) == [level])
      await ada.send(.leaveRoom)
      _ = try await ada.receive(\.roomLeft)
    }
  }

  /// A bot asks for no rematch itself, and a finished game with no rematch asked for stays as
  /// it ended.
  @Test func aBotAsksForNoRematchOfItsOwn() async throws {
    let server = TestGameServer(games: .standard)
    let ada = try await server.guest("ada").0
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    await ada.send(.move("resign"))
    _ = try await ada.receive(\.room)
    await server.clock.advance(by: .seconds(10))
    #expect(server.state.rooms[id: room]?.gameNumber == 1)
    #expect(server.state.rooms[id: room]?.game.isOver == true)
  }

  /// A word-grid race against a bot whose person leaves: the bot does not race on alone; the
  /// game ends, is recorded, and the room closes and leaves the list.
  @Test func aBotRaceEndsWhenItsPersonLeaves() async throws {
    let server = TestGameServer(games: .standard, seed: 3) { $0.wordDictionary = WordGridRaceTests.dictionary }
    let ada = try await server.guest("ada").0
    let eve = try await server.guest("eve").0
    let player = try #require(server.state.sessions.values.first { $0.identity.name == "ada" }?.identity.player)
    await ada.send(.playBot(GameChoice(game: "wordgrid", mode: "race")))
    let room = try await ada.receive(\.room).0.room
    await eve.send(.rooms(game: nil))
    #expect(try await eve.receive(\.rooms).0.map(\.room) == [room])
    await ada.send(.leaveRoom)
    _ = try await ada.receive(\.roomLeft)
    await server.store.receive(\.ratingsRecorded)
    #expect(server.state.rooms[id: room] == nil)
    await eve.send(.rooms(game: nil))
    #expect(try await eve.receive(\.rooms).0.isEmpty)
    #expect(try await server.database.fetchGames(player, 10).map(\.room) == [room])
  }

  /// While someone watches, the bots race on for them; once the last watcher goes, the game ends.
  @Test func aWatchedBotRaceGoesOnUntilTheWatcherLeaves() async throws {
    let server = TestGameServer(games: .standard, seed: 3) { $0.wordDictionary = WordGridRaceTests.dictionary }
    let ada = try await server.guest("ada").0
    let eve = try await server.guest("eve").0
    await ada.send(.playBot(GameChoice(game: "wordgrid", mode: "race")))
    let room = try await ada.receive(\.room).0.room
    await eve.send(.spectate(room: room))
    _ = try await eve.receive(\.room)
    await ada.send(.leaveRoom)
    _ = try await ada.receive(\.roomLeft)
    #expect(server.state.rooms[id: room]?.game.isOver == false)
    await eve.send(.leaveRoom)
    _ = try await eve.receive(\.roomLeft)
    await server.store.receive(\.ratingsRecorded)
    #expect(server.state.rooms[id: room] == nil)
  }

  /// A person who drops out of a bot race and does not come back within the grace period ends
  /// it the same way.
  @Test func aBotRaceEndsWhenItsPersonDoesNotComeBack() async throws {
    let server = TestGameServer(games: .standard, seed: 3) { $0.wordDictionary = WordGridRaceTests.dictionary }
    let ada = try await server.guest("ada").0
    await ada.send(.playBot(GameChoice(game: "wordgrid", mode: "race")))
    let room = try await ada.receive(\.room).0.room
    await ada.disconnect()
    await server.clock.advance(by: .seconds(29))
    #expect(server.state.rooms[id: room]?.game.isOver == false)
    await server.clock.advance(by: .seconds(2))
    #expect(server.state.rooms[id: room] == nil)
  }

  /// Leaving a game against a bot forfeits it and closes the room, after the game's end has
  /// gone through it (no action of the end finds the room gone).
  @Test func leavingAGameAgainstABotClosesItsRoom() async throws {
    let server = TestGameServer(games: .standard)
    let ada = try await server.guest("ada").0
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    await ada.send(.leaveRoom)
    _ = try await ada.receive(\.roomLeft)
    await server.store.receive(\.ratingsRecorded)
    #expect(server.state.rooms[id: room] == nil)
  }
}
