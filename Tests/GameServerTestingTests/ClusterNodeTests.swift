import ComposableArchitecture
import Foundation
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerModels
import GameServerTesting
import Testing

/// A server as a node of a cluster, with the cluster's answers made up: where rooms live, and
/// rooms lost to other nodes.
@MainActor
struct ClusterNodeTests {
  static func cluster(
    placement: @escaping @Sendable (PlayerID) -> RoomPlacement? = { _ in nil },
    location: @escaping @Sendable (RoomID) -> RoomPlacement? = { _ in nil }
  ) -> ClusterClient {
    ClusterClient(
      placement: { placement($0) }, location: { location($0) }, events: { AsyncStream { _ in } })
  }

  /// Everyone in a room another node owns now is told where it went, and their connections
  /// close; the room and its clocks stop here.
  @Test func aLostRoomSendsItsPeopleWhereItWent() async throws {
    let server = TestGameServer { $0.cluster = Self.cluster() }
    let ada = await server.connect()
    let bob = await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    let elsewhere = RoomPlacement(room: room, url: "ws://10.0.0.2:8080/")
    await server.store.send(.cluster(.roomsLost([room: elsewhere])))
    #expect(server.state.rooms.isEmpty)
    for client in [ada, bob] {
      let moved = try await client.receive(\.moved)
      #expect(moved.0 == room && moved.url == "ws://10.0.0.2:8080/")
    }
    #expect(server.closed.value.map(\.code) == [1012, 1012])
    #expect(Set(server.closed.value.map(\.0)) == [ada.connection, bob.connection])
    // NB: Nothing of the room runs on: its move clock was cancelled with it.
    await server.clock.run()
    #expect(ada.messages().isEmpty)
  }

  /// A node that lost its lease stops every room, saying nothing of where they went.
  @Test func aLostLeaseStopsEveryRoom() async throws {
    let server = TestGameServer { $0.cluster = Self.cluster() }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.room)
    await server.store.send(.cluster(.leaseLost))
    #expect(server.state.rooms.isEmpty)
    #expect(ada.messages().allSatisfy { $0.type != "moved" })
    #expect(server.closed.value.map(\.code) == [1012])
  }

  /// A player who logs in where their room is not is sent to the node that has it.
  @Test func aPlayerWhoseRoomIsElsewhereIsSentThere() async throws {
    let server = TestGameServer {
      $0.cluster = Self.cluster(placement: { player in
        player.rawValue.hasPrefix("guest-") ? RoomPlacement(room: "room-1", url: "ws://b/") : nil
      })
    }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    _ = try await ada.receive(\.welcome)
    let moved = try await ada.receive(\.moved)
    #expect(moved.0 == "room-1" && moved.url == "ws://b/")
  }

  /// A player who logs in on another node takes their connection here: it is told why, and
  /// may log in again.
  @Test func aLoginOnAnotherNodeTakesThePlayersConnectionHere() async throws {
    let server = TestGameServer { $0.cluster = Self.cluster() }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    let player = try await ada.receive(\.welcome).player
    await server.store.send(.cluster(.loggedInElsewhere(player)))
    #expect(try await ada.receive(\.error).code == "logged_in_elsewhere")
    #expect(server.state.sessions[player] == nil)
    await ada.send(.guest(name: "ada2"))
    #expect(try await ada.receive(\.welcome).name == "ada2")
  }

  /// An account locked by wrong passwords on any node is locked here, before the slow check;
  /// a wrong password here counts for every node.
  @Test func lockoutsAndWrongPasswordsAreTheClustersNotTheNodes() async throws {
    let failures = LockIsolated<[String]>([])
    let server = TestGameServer {
      $0.cluster = ClusterClient(
        placement: { _ in nil }, location: { _ in nil }, events: { AsyncStream { _ in } },
        lockedUntil: { name, now in name == "alice" ? now.addingTimeInterval(42) : nil },
        failedLogin: { name, _, maxFailures, _ in failures.withValue { $0.append("\(name) \(maxFailures)") } })
    }
    let ada = await server.connect()
    await ada.send(.login(name: "alice", password: "anything at all"))
    let error = try await ada.receive(\.error)
    #expect(error.code == "too_many_attempts" && error.message.contains("42 s"))
    #expect(failures.value.isEmpty)
    await ada.send(.register(name: "bob", password: "correct horse"))
    _ = try await ada.receive(\.welcome)
    let bob = await server.connect()
    await bob.send(.login(name: "Bob", password: "wrong horse"))
    #expect(try await bob.receive(\.error).code == "wrong_password")
    #expect(failures.value == ["Bob 5"])
  }

  /// Watching a room that lives elsewhere sends the watcher there; one that is nowhere is
  /// unknown, as on a server of its own.
  @Test func spectatingARoomElsewhereSendsTheWatcherThere() async throws {
    let server = TestGameServer {
      $0.cluster = Self.cluster(location: { room in
        room == "room-far" ? RoomPlacement(room: room, url: "ws://c/") : nil
      })
    }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    _ = try await ada.receive(\.welcome)
    await ada.send(.spectate(room: "room-far"))
    let moved = try await ada.receive(\.moved)
    #expect(moved.url == "ws://c/")
    let id = await ada.send(.spectate(room: "room-none"))
    let error = try await ada.receive(\.error)
    #expect(error.code == "unknown_room" && error.requestID == id)
  }
}
