import ComposableArchitecture
import GameServerCatalog
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerTicTacToe
import GameServerWire
import Testing

/// What the server does when it cannot write: a write that failed is never reported as done.
@MainActor
struct StorageFailureTests {
  /// Alice (X, connection 1) and Bob (O, connection 2) in a tic-tac-toe room, their first
  /// messages taken.
  func startGame(_ server: TestServer) async -> RoomID {
    await server.startTicTacToe()
    return server.onlyRoom
  }

  func move(_ server: TestServer, _ connection: UInt64, _ row: Int, _ column: Int, id: String = "m") async {
    await server.send(connection, #"{"v":1,"id":"\#(id)","type":"move","cell":{"row":\#(row),"column":\#(column)}}"#)
  }

  /// The disk fills, then `connection` moves: the move is not saved, so the room pauses.
  func moveOntoAFullDisk(
    _ server: TestServer, _ faults: StorageFaults, _ room: RoomID, _ connection: UInt64, _ row: Int, _ column: Int,
    id: String = "m"
  ) async {
    faults.fail(with: .diskFull)
    await self.move(server, connection, row, column, id: id)
    await server.store.receive(.storage(.writesFailing(.diskFull)))
    await server.store.receive(.storage(.roomLogFailed(room)))
  }

  @Test func aRoomThatCannotLogPausesAndGoesOnWhenWritesWorkAgain() async throws {
    let faults = StorageFaults()
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(60)
    let server = TestServer(settings: settings, database: .inMemory(faults: faults))
    let room = await startGame(server)
    await server.connect(3)
    await server.guest(3, "carol")
    await move(server, 1, 1, 1)
    #expect(server.take(2).compactMap(\.ticTacToeView).last?.board == ["...", ".X.", "..."])
    _ = server.take(1)

    // The disk fills: Bob's move is not saved, so nobody sees it, and the room pauses.
    await moveOntoAFullDisk(server, faults, room, 2, 0, 0, id: "lost")
    #expect(server.state.unavailableRooms == [room])
    #expect(server.state.isStorageFailing)
    // Bob's request is answered all the same, then both are told the room is paused.
    let alice = server.take(1)
    let bob = server.take(2)
    #expect(alice.compactMap(\.ticTacToeView).isEmpty && bob.compactMap(\.ticTacToeView).isEmpty)
    #expect(alice.map(\.errorCode) == ["unavailable"])
    #expect(bob.map(\.errorCode) == ["unavailable", "unavailable"])
    #expect(bob.map(\.replyTo) == ["lost", nil])
    #expect(
      server.dropped.value.compactMap(\.ticTacToeView).map(\.board) == [["O..", ".X.", "..."], ["O..", ".X.", "..."]])

    // A paused room takes no moves, no one may leave it, and no room opens.
    await move(server, 1, 2, 2, id: "refused")
    #expect(server.errors(1).map { [$0.code, $0.requestID] } == [["unavailable", "refused"]])
    await server.send(2, #"{"v":1,"id":"bye","type":"leaveRoom"}"#)
    #expect(server.errors(2).map { [$0.code, $0.requestID] } == [["unavailable", "bye"]])
    await server.send(3, #"{"v":1,"id":"q","type":"playBot","game":"tictactoe"}"#)
    #expect(server.errors(3).map { [$0.code, $0.requestID] } == [["unavailable", "q"]])
    await server.send(3, #"{"v":1,"id":"s","type":"spectate","room":"\#(room)"}"#)
    #expect(server.errors(3).map { [$0.code, $0.requestID] } == [["unavailable", "s"]])
    // Its clock is held: Alice's time does not run out while it is paused.
    await server.clock.advance(by: .seconds(120))
    guard let paused = server.state.rooms[id: room]?.game.state(of: TicTacToe.self) else { return }
    #expect(paused.outcome == nil)

    // Space comes back: the room's log starts again from a snapshot, then the room goes on.
    faults.recover()
    await server.store.receive(.storage(.writesRecovered))
    await server.store.receive(.storage(.roomLogRestored(room)))
    #expect(server.state.unavailableRooms.isEmpty)
    #expect(!server.state.isStorageFailing)
    let views = server.take(1).compactMap(\.ticTacToeView)
    #expect(views.last?.board == ["O..", ".X.", "..."])
    #expect(server.take(2).compactMap(\.ticTacToeView).last?.board == ["O..", ".X.", "..."])
    let log = try await server.database.fetchRoomLogs()[room] ?? []
    #expect(log.count == 1)
    #expect(log.first?.payload.contains(#""board""#) == true)

    await move(server, 1, 2, 2)
    #expect(server.take(2).compactMap(\.ticTacToeView).last?.board == ["O..", ".X.", "..X"])
    // The move clock runs again, in full.
    await server.clock.advance(by: .seconds(60))
    #expect(server.take(2).compactMap(\.ticTacToeView).last?.outcome == .timeout(winner: .x))
  }

  /// The move that ends a game while writes fail: its record is written with the snapshot that
  /// mends the room, so the result and the ratings are not lost.
  @Test func aGameThatEndsWhileWritesFailIsRecordedOnceTheyWork() async throws {
    let faults = StorageFaults()
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)
    let server = TestServer(settings: settings, database: .inMemory(faults: faults))
    let room = await startGame(server)
    for (connection, row, column): (UInt64, Int, Int) in [(1, 0, 0), (2, 1, 0), (1, 0, 1), (2, 1, 1)] {
      await move(server, connection, row, column)
    }
    _ = server.take(1)
    _ = server.take(2)
    await moveOntoAFullDisk(server, faults, room, 1, 0, 2)
    #expect(server.take(2).compactMap(\.ticTacToeView).isEmpty)
    let alice = try #require(server.state.rooms[id: room]?.seats.first?.player)
    #expect(try await server.database.fetchGames(alice, 100).isEmpty)
    #expect(server.state.unrecordedGames[room] != nil)

    faults.recover()
    await server.store.receive(.storage(.writesRecovered))
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    await server.store.receive(.storage(.roomLogRestored(room)))
    #expect(server.state.unrecordedGames.isEmpty)
    let view = try #require(server.take(2).compactMap(\.ticTacToeView).last)
    #expect(view.outcome == .win(.x, line: Line(kind: .row(0))))
    #expect(try await server.database.fetchGames(alice, 100).map(\.winners) == [[alice]])
  }

  /// A player who was away when the room paused gets the grace period in full once it goes on
  /// (the timer that ran out meanwhile was dropped with the rest), and a player who logged out
  /// meanwhile leaves.
  @Test func seatsCatchUpWhenAPausedRoomGoesOn() async throws {
    let faults = StorageFaults()
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(600)
    settings.gracePeriod = .seconds(30)
    let server = TestServer(settings: settings, database: .inMemory(faults: faults))
    let room = await startGame(server)
    await move(server, 1, 0, 0)
    await server.disconnect(2)
    await moveOntoAFullDisk(server, faults, room, 1, 1, 1)
    // Bob's grace period runs out while the room is paused: nothing happens to it then.
    await server.clock.advance(by: .seconds(60))
    guard let paused = server.state.rooms[id: room]?.game.state(of: TicTacToe.self) else { return }
    #expect(paused.outcome == nil)

    faults.recover()
    await server.store.receive(.storage(.writesRecovered))
    await server.store.receive(.storage(.roomLogRestored(room)))
    await server.clock.advance(by: .seconds(29))
    #expect(server.state.rooms[id: room]?.seats.contains { $0.hasLeft } == false)
    await server.clock.advance(by: .seconds(1))
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    #expect(server.take(1).compactMap(\.ticTacToeView).last?.outcome == .resignation(winner: .x))
  }

  /// A mending snapshot that fails is not counted on: the next recovery writes another, and a
  /// finished game goes with the one that is saved, once.
  @Test func aMendingSnapshotThatFailsIsWrittenAgain() async throws {
    let faults = StorageFaults()
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)
    let server = TestServer(settings: settings, database: .inMemory(faults: faults))
    let room = await startGame(server)
    await server.play([(1, 0, 0), (2, 1, 0), (1, 0, 1), (2, 1, 1)])
    await moveOntoAFullDisk(server, faults, room, 1, 0, 2)
    #expect(server.state.unrecordedGames[room] != nil)
    // Told that writes work when they do not: the snapshot fails, and the room hears so.
    await server.store.send(.storage(.writesRecovered))
    await server.store.receive(.storage(.roomLogFailed(room)))
    #expect(server.state.mendingRooms.isEmpty)
    #expect(server.state.unavailableRooms == [room])

    faults.recover()
    await server.store.receive(.storage(.writesRecovered))
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    await server.store.receive(.storage(.roomLogRestored(room)))
    #expect(server.state.unavailableRooms.isEmpty && server.state.mendingRooms.isEmpty)
    let alice = try #require(server.state.rooms[id: room]?.seats.first?.player)
    #expect(try await server.database.fetchGames(alice, 100).count == 1)
  }

  /// A leave that cannot be saved is not answered as done: Alice is told `unavailable`, not
  /// `roomLeft` (the room's log would still seat her after a crash, and a cluster's directory
  /// does). Once writes work, the room's mending snapshot saves her leave.
  @Test func aLeaveThatIsNotSavedIsNotAnsweredAsDone() async throws {
    let faults = StorageFaults()
    let server = TestServer(database: .inMemory(faults: faults))
    let room = await startGame(server)
    faults.fail(with: .diskFull)
    await server.send(1, #"{"v":1,"id":"bye","type":"leaveRoom"}"#)
    await server.store.receive(.storage(.writesFailing(.diskFull)))
    await server.store.receive(.storage(.roomLogFailed(room)))
    let alice = server.take(1)
    #expect(!alice.contains { $0.type == "roomLeft" })
    #expect(alice.map(\.errorCode) == ["unavailable"])
    #expect(alice.map(\.replyTo) == ["bye"])

    faults.recover()
    await server.store.receive(.storage(.writesRecovered))
    await server.store.receive(.storage(.roomLogRestored(room)))
    #expect(try await seatsLeft(server, room) == [true, false])
  }

  /// A leave that is saved is answered `roomLeft` once its line is committed.
  @Test func aLeaveIsAnsweredOnceSaved() async throws {
    let server = TestServer()
    let room = await startGame(server)
    await server.send(1, #"{"v":1,"id":"bye","type":"leaveRoom"}"#)
    #expect(server.take(1).first == .roomLeft(room, reason: "left", replyTo: "bye"))
    #expect(try await seatsLeft(server, room) == [true, false])
  }

  /// Which seats have left, as the room's saved log says.
  func seatsLeft(_ server: TestServer, _ room: RoomID) async throws -> [Bool]? {
    let logs = try await server.database.fetchRoomLogs()
    return withDependencies {
      $0.games = .standard
    } operation: {
      RoomLog.recover(logs).rooms.first { $0.id == room }?.seats.map(\.hasLeft)
    }
  }

  /// A guest cannot log in while the session cannot be stored: no token that was never saved.
  @Test func noTokenIsHandedOutThatWasNotStored() async throws {
    let faults = StorageFaults()
    let server = TestServer(database: .inMemory(faults: faults))
    await server.connect(1)
    faults.fail(with: .diskFull)
    await server.send(1, #"{"v":1,"id":"g","type":"guest","name":"ada"}"#)
    await server.store.receive(\.login.delegate.failed)
    #expect(server.take(1).map(\.errorCode) == ["unavailable"])
    #expect(server.state.sessions.isEmpty)
  }
}

extension ServerMessage {
  var errorCode: String? {
    if case let .error(error) = self { error.code } else { nil }
  }
}
