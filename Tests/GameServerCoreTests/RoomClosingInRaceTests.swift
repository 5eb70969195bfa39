import ComposableArchitecture
import GameServerCore
import GameServerWire
import Testing

/// A room lives until its game's end has reached it, and says nothing more to those who left.
@MainActor
struct RoomClosingInRaceTests {
  /// Ada resigns a word-grid race against two bots (she is done; they play on), then leaves:
  /// the bots forfeit, the race ends, and the room closes. Her leave is answered, and nothing
  /// follows it (before, the refused forfeit of her finished seat reached her as an error).
  @Test func aPlayerWhoLeftIsToldNothingMore() async {
    let server = TestServer()
    await server.connect(1)
    await server.guest(1, "ada")
    await server.send(1, #"{"v":1,"id":"b","type":"playBot","game":"wordgrid","mode":"race","players":3}"#)
    let room = server.onlyRoom
    await server.clock.advance(by: .seconds(2))
    await server.send(1, #"{"v":1,"id":"r","type":"resign"}"#)
    await server.clock.advance(by: .seconds(2))
    _ = server.take(1)
    await server.send(1, #"{"v":1,"id":"l","type":"leaveRoom"}"#)
    // Her leave is her answer: the forfeit it makes of her finished seat is no move of hers.
    #expect(server.take(1).map(\.type) == ["roomLeft"])
    #expect(server.state.rooms[id: room] == nil)
    await server.clock.advance(by: .seconds(300))
    #expect(server.take(1).isEmpty)
  }
}
