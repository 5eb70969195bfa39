import ComposableArchitecture
import Foundation
import GameServerCatalog
import GameServerDatabase
import GameServerTesting
import GameServerTicTacToe
import Testing

/// Two nodes of a cluster in process (``TestCluster``): the queue and private codes are the
/// cluster's, and clients follow `moved` and `joinElsewhere` by themselves.
@MainActor
struct TestClusterTests {
  func register(_ node: TestGameServer, _ name: String) async throws -> TestClient {
    let client = await node.connect()
    await client.send(.register(name: name, password: "correct horse"))
    _ = try await client.receive(\.welcome)
    return client
  }

  /// Players queueing on two nodes meet on the node of the first; the second follows `moved`
  /// there; they finish the game, and it is recorded once, with each rating once.
  @Test func playersOnTwoNodesAreMatchedAndRatedOnce() async throws {
    let cluster = TestCluster(nodes: 2, games: .standard)
    let (one, two) = (cluster.nodes[0], cluster.nodes[1])
    let ada = try await register(one, "ada")
    let bob = try await register(two, "bob")
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.queued)
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    #expect(try await bob.receive(\.room).0.room == room)
    #expect(one.state.rooms[id: room] != nil && two.state.rooms.isEmpty)
    #expect(two.state.sessions.isEmpty)

    // ada waited longest: X.
    for (client, row, column) in [(ada, 0, 0), (bob, 1, 1), (ada, 0, 1), (bob, 2, 2), (ada, 0, 2)] {
      await client.send(.move(TicTacToe.self, .mark(Cell(row: row, column: column))))
      _ = try await client.receive(\.room)
    }
    #expect(one.state.rooms[id: room]?.game.isOver == true)
    let adaChange = try await ada.receive(\.rating)
    let bobChange = try await bob.receive(\.rating)
    #expect(adaChange.change > 0 && bobChange.change < 0)
    let games = try await cluster.database.fetchGames(one.state.rooms[id: room]!.seats[0].player, 10)
    #expect(games.count == 1)
  }

  /// A leave is answered only once it is saved, so the cluster's seats agree with what a player
  /// is told: while a player has the seat, `already_in_room` names it; a leave that could not be
  /// saved is answered `unavailable` (before, `roomLeft`, while the cluster's seats, kept from
  /// the rooms' saved logs, still had her there); once the room's log is mended with her leave
  /// in it, the seat is free.
  @Test func aSeatIsFreeExactlyWhenItsLeaveIsSaved() async throws {
    let faults = StorageFaults()
    let cluster = TestCluster(nodes: 2, games: .standard, database: .inMemory(faults: faults))
    let (one, two) = (cluster.nodes[0], cluster.nodes[1])
    let ada = try await register(one, "ada")
    let bob = try await register(two, "bob")
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.queued)
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    _ = try await bob.receive(\.room)
    let queue = await ada.send(.queue(GameChoice(game: "tictactoe")))
    let seated = try await ada.receive(\.error)
    #expect(seated.code == "already_in_room" && seated.requestID == queue && seated.room == room.rawValue)

    faults.fail(with: .diskFull)
    let leave = await ada.send(.leaveRoom)
    let refused = try await ada.receive(\.error)
    #expect(refused.code == "unavailable" && refused.requestID == leave)

    faults.recover()
    await one.store.receive(.storage(.roomLogRestored(room)))
    let again = await ada.send(.queue(GameChoice(game: "tictactoe")))
    // NB: The cluster looks her seat up in the database (real work, not on the test's clock).
    await one.store.receive(\.located, timeout: .seconds(30))
    #expect(try await ada.receive(\.queued).replyTo == again)
  }

  /// A friend on another node joins a private room by its code: sent to the host's node.
  @Test func aPrivateRoomCodeWorksFromAnotherNode() async throws {
    let cluster = TestCluster(nodes: 2, games: .standard)
    let host = await cluster.nodes[0].connect()
    let friend = await cluster.nodes[1].connect()
    await host.send(.guest(name: "hal"))
    await friend.send(.guest(name: "ivy"))
    _ = try await friend.receive(\.welcome)
    await host.send(.createRoom(GameChoice(game: "tictactoe")))
    let code = try await host.receive(\.privateRoom).code
    await friend.send(.joinRoom(code: code))
    let room = try await friend.receive(\.room).0.room
    #expect(try await host.receive(\.room).0.room == room)
    #expect(cluster.nodes[1].state.sessions.isEmpty)
  }
}
