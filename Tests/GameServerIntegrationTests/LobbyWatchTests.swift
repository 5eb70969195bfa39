import Foundation
import GameServerTesting
import GameServerTicTacToe
import Testing

/// The lobby kept current for who watches it (`watchLobby`): the live list and the chosen
/// game's leaderboard pushed as they change, no more than once a `lobbyPushInterval`, and
/// nothing to a watcher who is in a room.
@MainActor
struct LobbyWatchTests {
  @Test func theLiveListAndTheLeaderboardArePushedAtMostOnceAnInterval() async throws {
    let server = TestGameServer(games: .standard)
    let eve = try await server.guest("eve").0
    let ada = try await server.guest("ada").0
    // At once: the list (empty) and the leaderboard of the game chosen.
    await eve.send(.watchLobby(GameChoice(game: "tictactoe")))
    #expect(try await eve.receive(\.rooms).0.isEmpty)
    #expect(try await eve.receive(\.leaderboard).1.isEmpty)

    // Ada's game against a bot opens: nothing before the interval, then the list with it.
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    #expect(eve.messages().isEmpty)
    await server.clock.advance(by: .seconds(2))
    #expect(try await eve.receive(\.rooms).0.map(\.room) == [room])

    // A move changes nothing the list shows: no push.
    await ada.send(.move(TicTacToe.self, .mark(Cell(row: 1, column: 1))))
    _ = try await ada.receive(\.room)
    await server.clock.advance(by: .seconds(2))
    #expect(!eve.messages().contains { if case .rooms = $0 { true } else { false } })

    // Ada resigns: the game is over and rated; the list without it, and the leaderboard.
    await ada.send(.move("resign"))
    await server.store.receive(\.ratingsRecorded)
    await server.clock.advance(by: .seconds(2))
    #expect(try await eve.receive(\.rooms).0.isEmpty)
    _ = try await eve.receive(\.leaderboard)

    // Eve stops watching: nothing more comes.
    await eve.send(.unwatchLobby)
    await ada.send(.leaveRoom)
    _ = try await ada.receive(\.roomLeft)
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.room)
    await server.clock.advance(by: .seconds(2))
    #expect(eve.messages().isEmpty)
  }

  /// A watcher in a room gets no pushes (the lobby is not on screen); an unknown game is
  /// refused as `leaderboard` refuses it.
  @Test func aWatcherInARoomGetsNothingAndAnUnknownGameIsRefused() async throws {
    let server = TestGameServer(games: .standard)
    let eve = try await server.guest("eve").0
    let ada = try await server.guest("ada").0
    await eve.send(.watchLobby(GameChoice(game: "chess")))
    #expect(try await eve.receive(\.error).code == "invalid_value")
    await eve.send(.watchLobby(nil))
    _ = try await eve.receive(\.rooms)
    await eve.send(.playBot(GameChoice(game: "tictactoe")))
    _ = try await eve.receive(\.room)
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.room)
    await server.clock.advance(by: .seconds(2))
    #expect(!eve.messages().contains { if case .rooms = $0 { true } else { false } })
  }
}
