import ComposableArchitecture
import DependenciesTestSupport
import Foundation
import GameServerCatalog
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerSQLite
import GameServerTicTacToe
import GameServerWire
import Testing

// NB: The test server's date: a replayed move's deadline is the one the live room computed.
@Suite(.dependency(\.date, .constant(Date(timeIntervalSince1970: 1_000_000))))
@MainActor
struct RestartTests {
  /// Both the in-memory database and an SQLite file, which the second server opens anew.
  @Test(arguments: [false, true])
  func noGameIsLostOnARestart(onDisk: Bool) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restart-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("game.sqlite").path
    var database = onDisk ? try DatabaseClient.sqlite(path: path) : DatabaseClient.inMemory()
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)

    // The first server: a game of tic-tac-toe gets three moves in.
    var first: TestServer? = TestServer(settings: settings, database: database)
    await first!.connect(1)
    await first!.connect(2)
    let alice = await first!.guest(1, "alice")
    let bob = await first!.guest(2, "bob")
    await first!.send(1, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    await first!.send(2, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    await first!.send(1, #"{"v":1,"type":"move","cell":{"row":0,"column":0}}"#)
    await first!.send(2, #"{"v":1,"type":"move","cell":{"row":1,"column":1}}"#)
    await first!.send(1, #"{"v":1,"type":"move","cell":{"row":0,"column":1}}"#)
    let before = try #require(first!.state.rooms.first)
    // The server dies: its effects stop and its memory is gone.
    await first!.store.skipInFlightEffects()
    first = nil

    // The second server rebuilds the room from the database's log.
    // NB: A write still queued when a process dies is lost; the test lets the queue drain first.
    _ = try await database.fetchRoomLogs()
    if onDisk { database = try DatabaseClient.sqlite(path: path) }
    let recovered = try await withDependencies {
      $0.wordDictionary = .sample
      $0.games = .standard
    } operation: {
      try await RoomLog.recover(from: database)
    }
    #expect(recovered.failures.isEmpty)
    #expect(recovered.rooms.count == 1)
    guard let game = recovered.rooms[0].game.state(of: TicTacToe.self),
      let original = before.game.state(of: TicTacToe.self)
    else {
      Issue.record("Expected a tic-tac-toe room")
      return
    }
    #expect(game.board == original.board)
    #expect(game.moves == original.moves)

    let second = TestServer(settings: settings, database: database)
    await second.store.send(.restore(recovered.rooms, nextLogSequence: recovered.nextLogSequence))
    #expect(second.state.rooms.first?.seats.allSatisfy { !$0.isConnected } == true)

    // Both players come back with their tokens and see the board at once.
    await second.connect(11)
    await second.connect(12)
    await second.send(11, #"{"v":1,"id":"a","type":"resume","token":"\#(alice.token)"}"#)
    await second.store.receive(\.login.delegate.loggedIn, timeout: TestServer.databaseWait)
    await second.send(12, #"{"v":1,"id":"b","type":"resume","token":"\#(bob.token)"}"#)
    await second.store.receive(\.login.delegate.loggedIn, timeout: TestServer.databaseWait)
    let bobView = try #require(second.take(12).compactMap(\.ticTacToeView).last)
    #expect(bobView.board == ["XX.", ".O.", "..."])
    #expect(bobView.you == .o)
    _ = second.take(11)

    // The game goes on to its end, and the result is stored.
    await second.send(12, #"{"v":1,"type":"move","cell":{"row":0,"column":2}}"#)
    await second.send(11, #"{"v":1,"type":"move","cell":{"row":2,"column":0}}"#)
    await second.send(12, #"{"v":1,"type":"move","cell":{"row":2,"column":2}}"#)
    await second.send(11, #"{"v":1,"type":"move","cell":{"row":1,"column":0}}"#)
    let final = try #require(second.take(11).compactMap(\.ticTacToeView).last)
    #expect(final.outcome == .win(.x, line: Line(kind: .column(0))))
    await second.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    #expect(try await database.fetchGames(alice.player, 100).first?.winners == [alice.player])
    _ = bob
  }

  /// A room that plays on keeps a bounded log: the rematch after `gamesPerRoomLog` games starts
  /// it again from a snapshot (here every second game); other rematches are logged as events.
  @Test(arguments: [false, true])
  func aRematchStartsTheRoomsLogAgainEverySoManyGames(onDisk: Bool) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rematch-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("game.sqlite").path
    let database = onDisk ? try DatabaseClient.sqlite(path: path) : DatabaseClient.inMemory()
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)
    settings.gamesPerRoomLog = 2
    let server = TestServer(settings: settings, database: database)
    await server.connect(1)
    await server.connect(2)
    _ = await server.guest(1, "alice")
    _ = await server.guest(2, "bob")
    await server.send(1, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    await server.send(2, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    let room = try #require(server.state.rooms.first?.id)
    /// X (`x`) wins along the top row; the seats swap after each rematch.
    func playAWin(x: UInt64, o: UInt64) async {
      for (connection, row, column): (UInt64, Int, Int) in [(x, 0, 0), (o, 1, 0), (x, 0, 1), (o, 1, 1), (x, 0, 2)] {
        await server.send(connection, #"{"v":1,"type":"move","cell":{"row":\#(row),"column":\#(column)}}"#)
      }
      await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    }
    func rematch() async {
      await server.send(1, #"{"v":1,"type":"rematch"}"#)
      await server.send(2, #"{"v":1,"type":"rematch"}"#)
    }

    await playAWin(x: 1, o: 2)
    #expect(try await database.fetchRoomLogs()[room]?.map(\.sequence) == Array(0...5))
    await rematch()
    #expect(try await database.fetchRoomLogs()[room]?.map(\.sequence) == Array(0...7))
    await playAWin(x: 2, o: 1)
    await rematch()
    // NB: Sequences count on: the snapshot is line 14 (the rematch's second request).
    #expect(try await database.fetchRoomLogs()[room]?.map(\.sequence) == [14])
    await server.send(1, #"{"v":1,"type":"move","cell":{"row":2,"column":2}}"#)
    #expect(try await database.fetchRoomLogs()[room]?.map(\.sequence) == [14, 15])

    let recovered = try await withDependencies {
      $0.wordDictionary = .sample
      $0.games = .standard
    } operation: {
      try await RoomLog.recover(from: onDisk ? try DatabaseClient.sqlite(path: path) : database)
    }
    #expect(recovered.failures.isEmpty)
    #expect(recovered.nextLogSequence[room] == 16)
    let live = try #require(server.state.rooms.first)
    #expect(recovered.rooms == [live])
    guard let game = live.game.state(of: TicTacToe.self) else {
      Issue.record("Expected a tic-tac-toe room")
      return
    }
    #expect(game.gameNumber == 3)
    #expect(game.moves == [Cell(row: 2, column: 2)])
    await server.store.skipInFlightEffects()
  }

  @Test func playersWhoDoNotComeBackForfeit() async throws {
    let database = DatabaseClient.inMemory()
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)
    var first: TestServer? = TestServer(settings: settings, database: database)
    await first!.connect(1)
    await first!.connect(2)
    _ = await first!.guest(1, "alice")
    let bob = await first!.guest(2, "bob")
    await first!.send(1, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    await first!.send(2, #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    await first!.send(1, #"{"v":1,"type":"move","cell":{"row":0,"column":0}}"#)
    await first!.store.skipInFlightEffects()
    first = nil

    let recovered = try await withDependencies {
      $0.games = .standard
    } operation: {
      try await RoomLog.recover(from: database)
    }
    let second = TestServer(settings: settings, database: database)
    await second.store.send(.restore(recovered.rooms, nextLogSequence: recovered.nextLogSequence))
    await second.connect(12)
    await second.send(12, #"{"v":1,"type":"resume","token":"\#(bob.token)"}"#)
    await second.store.receive(\.login.delegate.loggedIn, timeout: TestServer.databaseWait)
    _ = second.take(12)
    // Alice does not come back within the grace period.
    await second.clock.advance(by: .seconds(30))
    await second.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    #expect(second.take(12).compactMap(\.ticTacToeView).last?.outcome == .resignation(winner: .o))
  }

  /// A room whose game just ended, with a rematch asked for, comes back as it was after a
  /// restart, and its players get their grace period: it is not taken for abandoned because
  /// nobody is connected.
  @Test(arguments: [false, true])
  func aFinishedRoomComesBackAfterARestart(onDisk: Bool) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("finished-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("game.sqlite").path
    let database = onDisk ? try DatabaseClient.sqlite(path: path) : DatabaseClient.inMemory()
    var first: TestServer? = TestServer(database: database)
    let (alice, bob) = await first!.startTicTacToe()
    await first!.play([(1, 0, 0), (2, 1, 0), (1, 0, 1), (2, 1, 1), (1, 0, 2)])
    await first!.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    await first!.send(1, #"{"v":1,"type":"rematch"}"#)
    let room = first!.onlyRoom
    let before = try #require(first!.state.rooms.first)
    await first!.store.skipInFlightEffects()
    first = nil
    // NB: The first server's last lines (the rematch asked for) are on disk before it opens again.
    await database.flush()

    let reopened = onDisk ? try DatabaseClient.sqlite(path: path) : database
    let recovered = try await withDependencies {
      $0.wordDictionary = .sample
      $0.games = .standard
    } operation: {
      try await RoomLog.recover(from: reopened)
    }
    #expect(recovered.rooms.map(\.game) == [before.game])
    let second = TestServer(database: reopened)
    await second.start()
    await second.store.send(.restore(recovered.rooms, nextLogSequence: recovered.nextLogSequence))
    #expect(second.state.rooms.map(\.id) == [room])

    // Bob comes back after 20 s: he is told his room and sees the result and Alice's request.
    await second.clock.advance(by: .seconds(20))
    #expect(second.state.rooms.map(\.id) == [room])
    await second.connect(12)
    await second.send(12, #"{"v":1,"type":"resume","token":"\#(bob.token)"}"#)
    await second.store.receive(\.login.delegate.loggedIn, timeout: TestServer.databaseWait)
    let messages = second.take(12)
    guard case let .welcome(welcome)? = messages.first else {
      Issue.record("Expected a welcome, got \(messages)")
      return
    }
    #expect(welcome.room == room)
    let view = try #require(messages.compactMap(\.ticTacToeView).last)
    #expect(view.outcome == .win(.x, line: Line(kind: .row(0))))
    #expect(view.rematchRequests == [.x])
    await second.send(12, #"{"v":1,"type":"rematch"}"#)
    #expect(second.take(12).compactMap(\.ticTacToeView).last?.gameNumber == 2)

    // Alice never comes back: past her grace period her seat is given up, forfeiting the new
    // game to Bob (X now: the seats swap); once Bob leaves, the room closes.
    await second.clock.advance(by: .seconds(10))
    await second.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    #expect(second.take(12).compactMap(\.ticTacToeView).last?.outcome == .resignation(winner: .x))
    #expect(second.state.rooms[id: room]?.seats.first { $0.player == alice.player }?.hasLeft == true)
    await second.send(12, #"{"v":1,"type":"leaveRoom"}"#)
    #expect(second.state.rooms.isEmpty)
    #expect(second.state.sessions.keys.sorted(by: { $0.rawValue < $1.rawValue }) == [bob.player])
  }

  /// A log is never replayed across a missing line: the room comes back as of the line before.
  @Test func aLogWithAGapIsReplayedUpToTheGap() async throws {
    let database = DatabaseClient.inMemory()
    var settings = Server.Settings()
    settings.moveTimeLimit = .seconds(300)
    let server = TestServer(settings: settings, database: database)
    await server.startTicTacToe()
    await server.play([(1, 0, 0), (2, 1, 1), (1, 2, 2)])
    var log = try #require(try await database.fetchRoomLogs()[server.onlyRoom])
    #expect(log.map(\.sequence) == [0, 1, 2, 3])
    log.remove(at: 2)
    let replayed = try withDependencies {
      $0.wordDictionary = .sample
      $0.games = .standard
    } operation: {
      try RoomLog.replay(log)
    }
    #expect(replayed.lastSequence == 1)
    #expect(replayed.gapAfter == 1)
    guard let game = replayed.room.game.state(of: TicTacToe.self) else { return }
    #expect(game.moves == [Cell(row: 0, column: 0)])
    await server.store.skipInFlightEffects()
  }
}
