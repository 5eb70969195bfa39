import ComposableArchitecture
import GameServerTesting
import Testing

/// A room closes after everything its game's end sets going has reached it.
@MainActor
struct RoomClosingTests {
  /// Ada picks, then leaves before the bot picks: her forfeit is refused (she has picked), the
  /// bot's forfeit ends the round, and the room closes at its end. (Before, it closed at the
  /// refusal of her forfeit, which came after the end: the end then reached a room that was
  /// gone, reported as an action for a missing element, and she was sent an error after she
  /// had left.)
  @Test func aRoomClosesOnlyOnceItsEndHasReachedIt() async throws {
    let server = TestGameServer(games: GameCatalog([HighCard.self]))
    let ada = try await server.guest("ada").0
    await ada.send(.playBot(GameChoice(game: HighCard.id)))
    let room = try await ada.receive(\.room).0.room
    await ada.send(.move("pick", ["number": 3]))
    _ = try await ada.view(HighCard.View.self)
    await ada.send(.leaveRoom)
    _ = try await ada.receive(\.roomLeft)
    #expect(server.state.rooms[id: room] == nil)
    await server.clock.advance(by: .seconds(5))
    #expect(ada.messages().isEmpty)
    #expect(server.state.rooms.isEmpty)
  }
}
