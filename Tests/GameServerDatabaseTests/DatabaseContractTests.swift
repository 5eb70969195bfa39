import Foundation
import GRDB
import GameServerDatabase
import GameServerGame
import GameServerPostgres
import GameServerPostgresTesting
import GameServerRatings
import GameServerSQLite
import GameServerWire
import Testing

/// The same rules for the in-memory database, SQLite and PostgreSQL (a scratch server of the
/// test process's own, a new database for each test).
struct DatabaseContractTests {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqliteInMemory, sqliteFile, postgres
    var testDescription: String { self.rawValue }

    /// Every kind; PostgreSQL only where it is installed, or under CI, where it must be (and a
    /// test without it fails rather than skips).
    static var all: [Kind] {
      Self.allCases.filter { $0 != .postgres || PostgresTestSupport.isRequiredOrAvailable }
    }

    func make() async throws -> DatabaseClient {
      switch self {
      case .inMemory: .inMemory()
      case .sqliteInMemory: try .sqliteInMemory()
      case .sqliteFile:
        try .sqlite(path: ScratchDatabaseFolders.make().appendingPathComponent("test.sqlite").path)
      case .postgres: try await .postgres(ScratchPostgres.shared().makeDatabase())
      }
    }
  }

  @Test(arguments: Kind.all)
  func accountsHaveUniqueNamesIgnoringCase(kind: Kind) async throws {
    let database = try await kind.make()
    try await database.createAccount(AccountRecord(player: "alice", name: "Alice", passwordHash: "h1"))
    await #expect(throws: DatabaseClientError.nameTaken("ALICE")) {
      try await database.createAccount(AccountRecord(player: "alice2", name: "ALICE", passwordHash: "h2"))
    }
    #expect(
      try await database.fetchAccount("aLiCe") == AccountRecord(player: "alice", name: "Alice", passwordHash: "h1"))
    #expect(try await database.fetchAccount("bob") == nil)
  }

  @Test(arguments: Kind.all)
  func sessionsAreFoundByTokenHash(kind: Kind) async throws {
    let database = try await kind.make()
    let session = Self.session("abc", "guest-1", issued: 0)
    try await database.insertSession(session)
    #expect(try await database.fetchSession("abc") == session)
    #expect(try await database.fetchSession("abd") == nil)
    try await database.revokeSession("abc")
    #expect(try await database.fetchSession("abc") == nil)
  }

  /// Replacing a session stores the new one, cuts the old one short, and forgets the one the
  /// old one had replaced.
  @Test(arguments: Kind.all)
  func replacingASessionRetiresTheOldOne(kind: Kind) async throws {
    let database = try await kind.make()
    let first = Self.session("t1", "bob", issued: 0)
    try await database.insertSession(first)
    var second = Self.session("t2", "bob", issued: 10)
    second.predecessor = "t1"
    try await database.replaceSession(first, second, Date(timeIntervalSince1970: 70))
    #expect(try await database.fetchSession("t1")?.expiresAt == Date(timeIntervalSince1970: 70))
    #expect(try await database.fetchSession("t2") == second)
    var third = Self.session("t3", "bob", issued: 20)
    third.predecessor = "t2"
    try await database.replaceSession(second, third, Date(timeIntervalSince1970: 80))
    #expect(try await database.fetchSession("t1") == nil)
    #expect(try await database.fetchSession("t2")?.expiresAt == Date(timeIntervalSince1970: 80))
    #expect(try await database.fetchSession("t2")?.predecessor == nil)
  }

  /// A token resumed again and again while in its grace (a client that follows `moved` round a
  /// cluster, or retries) keeps working: each resume replaces the successor the token was given
  /// before, so its chain holds two live tokens, and the per-player bound never evicts it. Once
  /// its latest successor is used, it is revoked.
  @Test(arguments: Kind.all)
  func aTokenInItsGraceOutlivesAnyNumberOfResumes(kind: Kind) async throws {
    let database = try await kind.make()
    let first = Self.session("t0", "bob", issued: 0)
    try await database.insertSession(first)
    var retiring = first
    for index in 1...40 {
      var next = Self.session("s\(index)", "bob", issued: Double(index) / 10)
      next.predecessor = "t0"
      try await database.replaceSession(retiring, next, Date(timeIntervalSince1970: 60))
      retiring = try #require(try await database.fetchSession("t0"))
      #expect(try await database.fetchSession("s\(index - 1)") == nil)
      #expect(try await database.fetchSession("s\(index)") == next)
    }
    #expect(retiring.expiresAt == Date(timeIntervalSince1970: 60))
    // Twenty logins of the player's elsewhere: the token in its grace and its successor stay,
    // past the bound of 16 others.
    for index in 0..<20 {
      try await database.insertSession(Self.session("login-\(index)", "bob", issued: 5 + Double(index)))
    }
    #expect(try await database.fetchSession("t0") != nil)
    #expect(try await database.fetchSession("s40") != nil)
    for index in 0..<4 { #expect(try await database.fetchSession("login-\(index)") == nil) }
    for index in 4..<20 { #expect(try await database.fetchSession("login-\(index)") != nil) }

    // The successor used: the token in its grace is revoked.
    let chain = Self.session("u0", "cat", issued: 0)
    try await database.insertSession(chain)
    var successor = Self.session("u1", "cat", issued: 1)
    successor.predecessor = "u0"
    try await database.replaceSession(chain, successor, Date(timeIntervalSince1970: 60))
    var third = Self.session("u2", "cat", issued: 2)
    third.predecessor = "u1"
    try await database.replaceSession(successor, third, Date(timeIntervalSince1970: 62))
    #expect(try await database.fetchSession("u0") == nil)
    #expect(try await database.fetchSession("u1")?.expiresAt == Date(timeIntervalSince1970: 62))
    #expect(try await database.fetchSession("u2") == third)
  }

  /// Expired sessions are forgotten as new ones come, and a player keeps at most 16.
  @Test(arguments: Kind.all)
  func theSessionTableStaysBounded(kind: Kind) async throws {
    let database = try await kind.make()
    try await database.insertSession(Self.session("old", "ada", issued: 0, lasting: 100))
    for index in 0..<20 {
      try await database.insertSession(Self.session("bob-\(index)", "bob", issued: Double(index)))
    }
    #expect(try await database.fetchSession("old") != nil)
    try await database.insertSession(Self.session("new", "carol", issued: 100))
    #expect(try await database.fetchSession("old") == nil)
    for index in 0..<4 { #expect(try await database.fetchSession("bob-\(index)") == nil) }
    for index in 4..<20 { #expect(try await database.fetchSession("bob-\(index)") != nil) }
  }

  /// Records a game as a server does, with the room-log line that ended it; returns the new
  /// ratings the database reports.
  static func record(_ game: GameRecord, in database: DatabaseClient) async -> [PlayerID: Int]? {
    await self.recordUpdates(game, in: database)?.mapValues(\.after)
  }

  /// Records a game as ``record(_:in:)`` does; returns the ratings before and after it that the
  /// database reports.
  static func recordUpdates(_ game: GameRecord, in database: DatabaseClient) async -> [PlayerID: RatingUpdate]? {
    var events = database.storageEvents().makeAsyncIterator()
    var line = RoomLogEntry(room: game.room, sequence: 0, payload: "{}")
    line.finishedGame = game
    database.appendRoomLog(line)
    database.commitQueued()
    while let event = await events.next() {
      if case let .gameRecorded(room, variant, ratings) = event, room == game.room, variant == game.variant {
        return ratings
      }
      // NB: A line that failed records nothing: the test fails rather than waits.
      if case .roomLogFailed(game.room) = event { return nil }
    }
    return nil
  }

  static func session(_ hash: String, _ player: PlayerID, issued: Double, lasting: Double = 1000) -> SessionRecord {
    SessionRecord(
      tokenHash: hash, player: player, name: player.rawValue, isGuest: false,
      issuedAt: Date(timeIntervalSince1970: issued), expiresAt: Date(timeIntervalSince1970: issued + lasting))
  }

  /// A recorded game reports each rated player's rating as stored before it, beside the new one,
  /// guests' too: what a `rating` message's change is.
  @Test(arguments: Kind.all)
  func aRecordedGameReportsTheRatingsBeforeIt(kind: Kind) async throws {
    let database = try await kind.make()
    let first = GameRecord(
      room: "room-1", variant: .ticTacToe, players: ["guest-a", "guest-b"], names: ["A", "B"], bots: [],
      guests: ["guest-a", "guest-b"], winners: ["guest-a"], moves: "[]")
    #expect(
      await Self.recordUpdates(first, in: database)
        == ["guest-a": RatingUpdate(before: 1200, after: 1216), "guest-b": RatingUpdate(before: 1200, after: 1184)])
    var second = first
    second.room = "room-2"
    second.winners = ["guest-b"]
    #expect(
      await Self.recordUpdates(second, in: database)
        == ["guest-a": RatingUpdate(before: 1216, after: 1199), "guest-b": RatingUpdate(before: 1184, after: 1201)])
    #expect(try await database.fetchRatings("guest-b") == [.ticTacToe: 1201])
  }

  @Test(arguments: Kind.all)
  func gamesUpdateRatingsAndTheLeaderboard(kind: Kind) async throws {
    let database = try await kind.make()
    let game = GameRecord(
      room: "room-1", variant: .ticTacToe, players: ["alice", "bob"], names: ["Alice", "Bob"], bots: [],
      winners: ["alice"], moves: "[]")
    #expect(await Self.record(game, in: database) == ["alice": 1216, "bob": 1184])
    let draw = GameRecord(
      room: "room-2", variant: .ticTacToe, players: ["bob", "alice"], names: ["Bob", "Alice"], bots: [],
      winners: [], moves: "[]")
    let afterDraw = try #require(await Self.record(draw, in: database))
    #expect(afterDraw["bob"]! > 1184)
    // Games against bots are recorded but not rated.
    let botGame = GameRecord(
      room: "room-3", variant: .wordGridRace, players: ["alice", "bot-1"], names: ["Alice", "bot"],
      bots: ["bot-1"], winners: ["alice"], moves: "[]")
    #expect(await Self.record(botGame, in: database) == [:])
    #expect(try await database.fetchRatings("alice")[.ticTacToe] == afterDraw["alice"])
    #expect(try await database.fetchRatings("alice")[.wordGridRace] == Elo.initialRating)

    let board = try await database.fetchLeaderboard(.ticTacToe, 10)
    #expect(board.map(\.name) == ["Alice", "Bob"])
    #expect(board[0].wins == 1 && board[0].draws == 1 && board[0].losses == 0)
    #expect(board[1].losses == 1)
    #expect(try await database.fetchLeaderboard(.ticTacToe, 1).count == 1)
    #expect(try await database.fetchGames("alice", 100).map(\.room) == ["room-1", "room-2", "room-3"])
    #expect(try await database.fetchGames("bob", 100).count == 2)
    // The last ones, oldest first.
    #expect(try await database.fetchGames("alice", 2).map(\.room) == ["room-2", "room-3"])
    #expect(try await database.fetchGames("alice", 0).isEmpty)
    // When each was recorded, where the store keeps it (by its own clock: within the minute).
    let dates = try await database.fetchGames("alice", 100).map(\.finishedAt)
    if kind == .inMemory {
      #expect(dates.allSatisfy { $0 == nil })
    } else {
      #expect(dates.allSatisfy { $0.map { abs($0.timeIntervalSinceNow) < 60 } == true }, "\(dates)")
    }
    // Each with how much it moved the player's rating (none for a game against a bot).
    #expect(try await database.fetchGames("alice", 100).map(\.ratingChange) == [16, afterDraw["alice"]! - 1216, nil])
    #expect(try await database.fetchGames("bob", 100).map(\.ratingChange) == [-16, afterDraw["bob"]! - 1184])
    // Each with its number, by which the store gives the game back (what `replay` asks for).
    #expect(try await database.fetchGames("bob", 100).map(\.number) == [1, 2])
    for game in try await database.fetchGames("alice", 100) {
      #expect(try await database.fetchRecordedGame(try #require(game.number))?.record.room == game.room)
    }
  }

  /// A guest is rated but not listed, by the flag the game's record carries (not by the id).
  @Test(arguments: Kind.all)
  func guestsAreRatedButNotListed(kind: Kind) async throws {
    let database = try await kind.make()
    let game = GameRecord(
      room: "room-1", variant: .ticTacToe, players: ["alice", "bob"], names: ["Alice", "Bob"], bots: [],
      guests: ["bob"], winners: ["bob"], moves: "[]")
    #expect(await Self.record(game, in: database) == ["alice": 1184, "bob": 1216])
    #expect(try await database.fetchLeaderboard(.ticTacToe, 10).map(\.name) == ["Alice"])
    #expect(try await database.fetchRatings("bob")[.ticTacToe] == 1216)
  }

  @Test(arguments: Kind.all)
  func roomLogsKeepTheirOrderUntilClosed(kind: Kind) async throws {
    let database = try await kind.make()
    for sequence in 0..<50 {
      database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: sequence, payload: "\(sequence)"))
    }
    database.appendRoomLog(RoomLogEntry(room: "room-2", sequence: 0, payload: "x"))
    let logs = try await database.fetchRoomLogs()
    #expect(logs["room-1"]?.map(\.sequence) == Array(0..<50))
    #expect(logs["room-2"]?.count == 1)
    database.closeRoomLog("room-1")
    #expect(try await database.fetchRoomLogs().keys.sorted() == ["room-2"])
  }

  @Test(arguments: Kind.all)
  func aRoomIdUsedAgainAfterClosingStartsANewLog(kind: Kind) async throws {
    let database = try await kind.make()
    database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: 0, payload: "old"))
    database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: 1, payload: "old"))
    database.closeRoomLog("room-1")
    database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: 0, payload: "new"))
    #expect(try await database.fetchRoomLogs()["room-1"]?.map(\.payload) == ["new"])
  }

  @Test(arguments: Kind.all)
  func restartingALogKeepsOnlyItsNewSnapshotAndWhatFollows(kind: Kind) async throws {
    let database = try await kind.make()
    for sequence in 0..<4 {
      database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: sequence, payload: "game 1"))
    }
    database.appendRoomLog(RoomLogEntry(room: "room-2", sequence: 0, payload: "other"))
    database.restartRoomLog(RoomLogEntry(room: "room-1", sequence: 0, payload: "game 2"))
    database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: 1, payload: "move"))
    let logs = try await database.fetchRoomLogs()
    #expect(logs["room-1"]?.map(\.payload) == ["game 2", "move"])
    #expect(logs["room-2"]?.map(\.payload) == ["other"])
  }

  /// A game's replay is its room's log from the line that started it through the line that
  /// ended the game, kept with the record: not the lines after, nor another room's, nor those
  /// before a snapshot that started the log again; closing the room does not lose it.
  @Test(arguments: Kind.all)
  func aRecordedGameKeepsItsRoomsLogAsItsReplay(kind: Kind) async throws {
    let database = try await kind.make()
    let game = GameRecord(
      room: "room-1", variant: .ticTacToe, players: ["guest-a", "guest-b"], names: ["A", "B"], bots: [],
      guests: ["guest-a", "guest-b"], winners: ["guest-a"], moves: "[]")
    let lines = [#"{"snapshot":1}"#, #"{"move":"a \"quoted\" line"}"#, "{\"move\":\"é\"}"]
    for (sequence, line) in lines.enumerated() {
      database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: sequence, payload: line))
      database.appendRoomLog(RoomLogEntry(room: "room-2", sequence: sequence, payload: "other \(sequence)"))
    }
    var ending = RoomLogEntry(room: "room-1", sequence: 3, payload: "end")
    ending.finishedGame = game
    try await Self.recordLine(ending, in: database)
    // NB: A rematch in the same log: its replay is the log from its start, the first game's too.
    database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: 4, payload: "rematch"))
    var rematch = RoomLogEntry(room: "room-1", sequence: 5, payload: "end 2")
    rematch.finishedGame = game
    try await Self.recordLine(rematch, in: database)
    database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: 6, payload: "after"))
    database.closeRoomLog("room-1")
    _ = try await database.fetchRoomLogs()
    let recorded = try await database.fetchRecordedGames(10)
    #expect(recorded.count == 2 && recorded.allSatisfy { $0.record == game && $0.replay == nil })
    let (first, second) = (recorded[0].id, recorded[1].id)
    #expect(try await database.fetchRecordedGame(first)?.replay == lines + ["end"])
    #expect(try await database.fetchRecordedGame(second)?.replay == lines + ["end", "rematch", "end 2"])
    #expect(try await database.fetchRecordedGame(second + 1) == nil)

    database.restartRoomLog(RoomLogEntry(room: "room-2", sequence: 3, payload: "again"))
    var other = RoomLogEntry(room: "room-2", sequence: 4, payload: "over")
    other.finishedGame = game
    try await Self.recordLine(other, in: database)
    let third = try #require(try await database.fetchRecordedGames(1).last?.id)
    #expect(try await database.fetchRecordedGame(third)?.replay == ["again", "over"])
    // NB: What `export-game` writes reads back as the same game.
    let exported = try #require(try await database.fetchRecordedGame(third)).exported()
    let stored = try await database.fetchRecordedGame(third)
    #expect(try RecordedGame(exported: exported) == stored)
  }

  /// A store opened on a log it did not see start (after a restart) reads the room's log back
  /// for the replay of a game that ends there.
  @Test(arguments: Kind.all.filter { $0 == .sqliteFile || $0 == .postgres })
  func aReplayOutlivesARestartOfTheServer(kind: Kind) async throws {
    let open: () async throws -> DatabaseClient
    switch kind {
    case .postgres:
      let location = try await ScratchPostgres.shared().makeDatabase()
      open = { try await .postgres(location) }
    default:
      let path = ScratchDatabaseFolders.make().appendingPathComponent("test.sqlite").path
      open = { try .sqlite(path: path) }
    }
    do {
      let before = try await open()
      for sequence in 0..<3 {
        before.appendRoomLog(RoomLogEntry(room: "room-1", sequence: sequence, payload: "line \(sequence)"))
      }
      await before.flush()
    }
    let after = try await open()
    var ending = RoomLogEntry(room: "room-1", sequence: 3, payload: "end")
    ending.finishedGame = GameRecord(
      room: "room-1", variant: .ticTacToe, players: ["guest-a", "guest-b"], names: ["A", "B"], bots: [],
      guests: ["guest-a", "guest-b"], winners: [], moves: "[]")
    try await Self.recordLine(ending, in: after)
    let id = try #require(try await after.fetchRecordedGames(1).last?.id)
    #expect(try await after.fetchRecordedGame(id)?.replay == ["line 0", "line 1", "line 2", "end"])
    after.appendRoomLog(RoomLogEntry(room: "room-1", sequence: 4, payload: "rematch"))
    ending.sequence = 5
    ending.payload = "end 2"
    try await Self.recordLine(ending, in: after)
    let next = try #require(try await after.fetchRecordedGames(1).last?.id)
    #expect(
      try await after.fetchRecordedGame(next)?.replay == ["line 0", "line 1", "line 2", "end", "rematch", "end 2"])
  }

  /// Writes a line that ends a game and waits until the game is recorded.
  static func recordLine(_ line: RoomLogEntry, in database: DatabaseClient) async throws {
    var events = database.storageEvents().makeAsyncIterator()
    database.appendRoomLog(line)
    database.commitQueued()
    while let event = await events.next() {
      if case .gameRecorded(line.room, _, _) = event { return }
      if case .roomLogFailed(line.room) = event { throw StorageProblem.failed("the line failed") }
    }
  }

  @Test func closedRoomsLinesAreDeletedOnOpeningAndEveryFewCloses() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("db-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("game.sqlite").path
    func lines() async throws -> Int {
      try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM roomLog") ?? 0 }
    }
    do {
      let database = try DatabaseClient.sqlite(path: path, roomClosesPerCompaction: 3)
      for room in 1...5 {
        for sequence in 0..<4 {
          database.appendRoomLog(
            RoomLogEntry(room: RoomID(rawValue: "room-\(room)"), sequence: sequence, payload: "{}"))
        }
      }
      database.closeRoomLog("room-1")
      database.closeRoomLog("room-2")
      await database.flush()
      // NB: Closed, still in the file, no longer read.
      #expect(try await lines() == 20)
      #expect(try await database.fetchRoomLogs().keys.sorted() == ["room-3", "room-4", "room-5"])
      database.closeRoomLog("room-3")
      await database.flush()
      #expect(try await lines() == 8)
      database.closeRoomLog("room-4")
      await database.flush()
      #expect(try await lines() == 8)
    }
    let reopened = try DatabaseClient.sqlite(path: path)
    #expect(try await lines() == 4)
    #expect(try await reopened.fetchRoomLogs().keys.sorted() == ["room-5"])
  }

  @Test func aFileDatabaseOutlivesItsClient() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("db-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("game.sqlite").path
    do {
      let database = try DatabaseClient.sqlite(path: path)
      try await database.createAccount(AccountRecord(player: "alice", name: "alice", passwordHash: "h"))
      database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: 0, payload: "{}"))
      _ = try await database.fetchRoomLogs()
    }
    let reopened = try DatabaseClient.sqlite(path: path)
    #expect(try await reopened.fetchAccount("alice") != nil)
    #expect(try await reopened.fetchRoomLogs()["room-1"]?.count == 1)
  }
}
