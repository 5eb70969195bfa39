import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerWire
import Testing

/// Every room's id is `room-` and 16 hex digits, as the wire protocol article says: a server's
/// own rooms, and the rooms its shards' shared queue makes.
struct RoomIDTests {
  static func isRoomID(_ id: RoomID) -> Bool {
    id.rawValue.wholeMatch(of: /room-[0-9a-f]{16}/) != nil
  }

  @Test func aRandomIDIsRoomAnd16HexDigits() {
    var generator = SeededRandomNumberGenerator(seed: 7)
    let ids = (0..<1_000).map { _ in RoomID.random(using: &generator) }
    #expect(ids.allSatisfy(Self.isRoomID))
    #expect(Set(ids).count == ids.count)
  }

  /// Two tickets in the shards' shared queue are paired into a room whose id has the same form
  /// (before, `room-` and a dashed UUID: 41 characters).
  @Test func theShardsSharedQueueMakesIDsOfTheSameForm() async throws {
    let shards = RoomShards(count: 2)
    let cluster = shards.cluster(for: 0)
    var events = cluster.events().makeAsyncIterator()
    for player: PlayerID in ["ann", "ben"] {
      cluster.enqueue(
        QueueTicket(
          player: player, name: player.rawValue, isGuest: true, rating: 1200, variant: GameVariant(game: "tictactoe"),
          seats: 2))
    }
    while let event = await events.next() {
      guard case let .matched(rooms, _) = event else { continue }
      #expect(rooms.count == 1 && rooms.allSatisfy { Self.isRoomID($0.room) })
      return
    }
    Issue.record("No match")
  }
}
