import ComposableArchitecture
import Foundation
import GameServerBattleship
import GameServerCore
import GameServerDatabase
import GameServerTesting
import Testing

/// A secret reaches nobody it is not for, by any path a view takes: the views of a game as it
/// goes, a spectator's, the first view after `resume`, the view of a room rebuilt from its log
/// after a restart and after another node takes it over, and `history` (which carries no
/// record). Battleship's fleets are the secrets: a view may show a fleet's unhit ships only to
/// its owner, until the game is over.
@MainActor
struct SecretPathsTests {
  static let games = GameCatalog([Battleship.self])
  /// Each ship on a row of its own, from the left edge.
  static let leftFleet = zip([0, 2, 4, 6, 8], Fleet.lengths).map {
    Ship(row: $0.0, column: 0, length: $0.1, vertical: false)
  }
  /// Each ship down a column of its own, from the top (columns 10, 8, 6, 4, 2).
  static let topFleet = zip([9, 7, 5, 3, 1], Fleet.lengths).map {
    Ship(row: 0, column: $0.0, length: $0.1, vertical: true)
  }

  /// Whether `view` shows no unhit ship of a seat other than `seat` (nil: a spectator's).
  static func hidesOtherFleets(_ view: BattleshipView, from seat: Int?) -> Bool {
    view.phase == .over
      || view.waters.indices.allSatisfy { index in
        index == seat || (view.waters[index].fleet == nil && !view.waters[index].rows.joined().contains("S"))
      }
  }

  func guest(_ server: TestGameServer, _ name: String) async throws -> (TestClient, token: String) {
    let client = await server.connect()
    await client.send(.guest(name: name))
    return (client, try await client.receive(\.welcome).token)
  }

  @Test func aFleetReachesNobodyElseByAnyPath() async throws {
    let first = TestGameServer(games: Self.games)
    let (ada, adaToken) = try await guest(first, "ada")
    let (bob, bobToken) = try await guest(first, "bob")
    await ada.send(.queue(GameChoice(game: "battleship")))
    await bob.send(.queue(GameChoice(game: "battleship")))
    let (shown, _) = try await ada.receive(\.room)
    let room = shown.room
    let adaSeat = try shown.view(BattleshipView.self).you
    let bobSeat = try await bob.view(BattleshipView.self).you
    #expect(Set([adaSeat, bobSeat]) == [0, 1])
    let fleets = [Self.leftFleet, Self.topFleet]
    await ada.send(.move(Battleship.self, .place(ships: fleets[adaSeat!])))
    await bob.send(.move(Battleship.self, .place(ships: fleets[bobSeat!])))
    // The first seat hits the second's carrier (not sunk); the second misses.
    let (firing, second) = adaSeat == 0 ? (ada, bob) : (bob, ada)
    await firing.send(.move(Battleship.self, .fire(row: 0, column: 9)))
    await second.send(.move(Battleship.self, .fire(row: 9, column: 9)))

    // Every view each player got while the game went on, and a spectator's.
    for (client, seat) in [(ada, adaSeat), (bob, bobSeat)] {
      let seen = try await client.views(BattleshipView.self)
      #expect(!seen.isEmpty)
      #expect(seen.allSatisfy { Self.hidesOtherFleets($0, from: seat) })
      #expect(seen.last?.waters[seat!].fleet == fleets[seat!])
    }
    let (carol, _) = try await guest(first, "carol")
    await carol.send(.spectate(room: room))
    let watched = try await carol.view(BattleshipView.self)
    #expect(watched.you == nil && watched.phase == .firing)
    #expect(Self.hidesOtherFleets(watched, from: nil))
    #expect(watched.waters[1].rows[0].last == "x")

    // Bob comes back on another connection: his first view after `resume`.
    await bob.disconnect()
    let back = await first.connect()
    await back.send(.resume(token: bobToken))
    let resumed = try await back.view(BattleshipView.self)
    #expect(Self.hidesOtherFleets(resumed, from: bobSeat))
    #expect(resumed.waters[bobSeat!].fleet == fleets[bobSeat!])
    // `history` lists recorded games only, with no record: nothing of this one yet.
    await back.send(.history)
    #expect(try await back.receive(\.history).0.isEmpty)

    // A restart: the room is rebuilt from its log, and Ada resumes there.
    let logs = try await first.database.fetchRoomLogs()
    let recovered = try await withDependencies {
      $0.games = Self.games
      // NB: The test server's date: a replayed move's deadline is the one the live room computed.
      $0.date = .constant(Date(timeIntervalSince1970: 1_000_000))
    } operation: {
      try await RoomLog.recover(from: first.database)
    }
    let restarted = TestGameServer(games: Self.games, database: first.database)
    await restarted.store.send(.restore(recovered.rooms, nextLogSequence: recovered.nextLogSequence))
    let again = await restarted.connect()
    await again.send(.resume(token: adaToken))
    let rebuilt = try await again.view(BattleshipView.self)
    #expect(Self.hidesOtherFleets(rebuilt, from: adaSeat))
    #expect(rebuilt.waters[adaSeat!].fleet == fleets[adaSeat!])
    #expect(rebuilt.waters[1].rows[0].last == "x")

    // Another node takes the room over while Bob waits there.
    let (events, news) = AsyncStream.makeStream(of: ClusterEvent.self)
    let down = RoomPlacement(room: room, url: "ws://dead/", retryAfter: 1)
    let third = TestGameServer(games: Self.games, database: first.database) {
      $0.cluster = ClusterClient(placement: { _ in down }, location: { _ in nil }, events: { events })
    }
    let waiting = await third.connect()
    await waiting.send(.resume(token: bobToken))
    _ = try await waiting.receive(\.welcome)
    news.yield(.roomsTakenOver(logs))
    let takenOver = try await waiting.receive(\.room).0.view(BattleshipView.self)
    #expect(Self.hidesOtherFleets(takenOver, from: bobSeat))
    #expect(takenOver.waters[bobSeat!].fleet == fleets[bobSeat!])
  }
}
