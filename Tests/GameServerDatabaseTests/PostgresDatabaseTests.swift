import Foundation
import GameServerDatabase
import GameServerGame
import GameServerPostgres
import GameServerPostgresTesting
import GameServerRatings
import GameServerWire
import Testing

/// What PostgreSQL adds to the contract: several clients (servers) on one database.
@Suite(.disabled(if: !PostgresTestSupport.isRequiredOrAvailable, Comment(rawValue: ScratchPostgres.howToInstall)))
struct PostgresDatabaseTests {
  @Test func aDatabaseOutlivesItsClientAndIsSharedByOthers() async throws {
    let location = try await ScratchPostgres.shared().makeDatabase()
    let first = try await DatabaseClient.postgres(location)
    try await first.createAccount(AccountRecord(player: "alice", name: "Alice", passwordHash: "h"))
    first.appendRoomLog(RoomLogEntry(room: "room-1", sequence: 0, payload: "{}"))
    await first.flush()
    let second = try await DatabaseClient.postgres(location)
    #expect(try await second.fetchAccount("ALICE")?.player == "alice")
    #expect(try await second.fetchRoomLogs()["room-1"]?.count == 1)
    await #expect(throws: DatabaseClientError.nameTaken("alice")) {
      try await second.createAccount(AccountRecord(player: "alice-2", name: "alice", passwordHash: "h"))
    }
  }

  /// Two servers record games of the same player at once: no game's tally or rating change is
  /// lost (each game locks its players' ratings before it reads them).
  @Test func gamesRecordedAtOnceByTwoServersAreAllCounted() async throws {
    let location = try await ScratchPostgres.shared().makeDatabase()
    let servers = [try await DatabaseClient.postgres(location), try await DatabaseClient.postgres(location)]
    let games = 20
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<games {
        let opponent = PlayerID(rawValue: "opponent-\(index)")
        let game = GameRecord(
          room: RoomID(rawValue: "room-\(index)"), variant: .ticTacToe, players: ["alice", opponent],
          names: ["Alice", opponent.rawValue], bots: [], winners: ["alice"], moves: "[]")
        group.addTask { _ = await DatabaseContractTests.record(game, in: servers[index % 2]) }
      }
    }
    let board = try await servers[0].fetchLeaderboard(.ticTacToe, 100)
    let alice = try #require(board.first { $0.name == "Alice" })
    #expect(alice.wins == games)
    // NB: Every game moved her rating up: a lost update would leave it lower than the least
    // that twenty wins give.
    #expect(alice.rating > Elo.initialRating + games * 8)
    #expect(try await servers[1].fetchGames("alice", 100).count == games)
  }

  /// Games that end in one commit are recorded together, and rated in their order (a player in
  /// two of them by the first, then the second), as one at a time would.
  @Test func gamesEndedInOneCommitAreRatedInTheirOrder() async throws {
    let games = [
      GameRecord(
        room: "room-1", variant: .ticTacToe, players: ["alice", "bob"], names: ["Alice", "Bob"], bots: [],
        winners: ["alice"], moves: "[]"),
      GameRecord(
        room: "room-2", variant: .ticTacToe, players: ["carol", "alice"], names: ["Carol", "Alice"], bots: [],
        winners: ["alice"], moves: "[]"),
      GameRecord(
        room: "room-3", variant: .ticTacToe, players: ["bob", "carol"], names: ["Bob", "Carol"], bots: [],
        guests: ["carol"], winners: [], moves: "[]"),
      GameRecord(
        room: "room-4", variant: .wordGridRace, players: ["alice", "bot-1"], names: ["Alice", "bot"], bots: ["bot-1"],
        winners: ["bot-1"], moves: "[]"),
    ]
    let postgres = try await DatabaseClient.postgres(ScratchPostgres.shared().makeDatabase(), commitPolicy: .whenAsked)
    var events = postgres.storageEvents().makeAsyncIterator()
    for game in games {
      var line = RoomLogEntry(room: game.room, sequence: 0, payload: "{}")
      line.finishedGame = game
      postgres.appendRoomLog(line)
    }
    postgres.commitQueued()
    var together: [RoomID: [PlayerID: Int]] = [:]
    while together.count < games.count, let event = await events.next() {
      if case let .gameRecorded(room, _, ratings) = event { together[room] = ratings.mapValues(\.after) }
      if case let .roomLogFailed(room) = event {
        Issue.record("The line ending the game in \(room) failed")
        return
      }
    }
    let reference = DatabaseClient.inMemory()
    for game in games {
      #expect(await DatabaseContractTests.record(game, in: reference) == together[game.room])
    }
    #expect(together["room-4"] == [:])
    for variant in [GameVariant.ticTacToe, .wordGridRace] {
      #expect(try await postgres.fetchLeaderboard(variant, 10) == reference.fetchLeaderboard(variant, 10))
    }
    #expect(try await postgres.fetchGames("alice", 10).map(\.room) == ["room-1", "room-2", "room-4"])
    #expect(try await postgres.fetchGames("bot-1", 10).map(\.room) == ["room-4"])
  }

  /// A server rates players it knows from what it knew, in the statement that records the game:
  /// when another server has rated them since, that statement writes nothing, and the server
  /// reads their ratings under lock and rates them again. No change is lost, and every rating is
  /// what recording the games one after another on one server gives.
  @Test func ratingsAServerKnowsAreCheckedAgainstWhatOthersWrote() async throws {
    let location = try await ScratchPostgres.shared().makeDatabase()
    let (first, second) = (try await DatabaseClient.postgres(location), try await DatabaseClient.postgres(location))
    let reference = DatabaseClient.inMemory()
    for (index, server) in [first, second, first, first, second, first].enumerated() {
      let game = Self.aliceBeatsBob(in: "room-\(index)")
      let expected = await DatabaseContractTests.record(game, in: reference)
      #expect(await DatabaseContractTests.record(game, in: server) == expected, "game \(index)")
    }
    #expect(try await first.fetchLeaderboard(.ticTacToe, 10) == reference.fetchLeaderboard(.ticTacToe, 10))
  }

  /// Two servers that both know the players record their games at once: the games all count,
  /// and since they are alike (Alice beats Bob), in whatever order, the ratings are those of
  /// recording them one after another.
  @Test func knownRatingsWrittenAtOnceByTwoServersLoseNothing() async throws {
    let location = try await ScratchPostgres.shared().makeDatabase()
    let servers = [try await DatabaseClient.postgres(location), try await DatabaseClient.postgres(location)]
    let reference = DatabaseClient.inMemory()
    for (index, server) in servers.enumerated() {
      _ = await DatabaseContractTests.record(Self.aliceBeatsBob(in: "room-warm-\(index)"), in: server)
      _ = await DatabaseContractTests.record(Self.aliceBeatsBob(in: "room-warm-\(index)"), in: reference)
    }
    let games = 20
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<games {
        group.addTask {
          _ = await DatabaseContractTests.record(Self.aliceBeatsBob(in: "room-\(index)"), in: servers[index % 2])
        }
      }
    }
    for index in 0..<games {
      _ = await DatabaseContractTests.record(Self.aliceBeatsBob(in: "room-\(index)"), in: reference)
    }
    #expect(try await servers[1].fetchLeaderboard(.ticTacToe, 10) == reference.fetchLeaderboard(.ticTacToe, 10))
  }

  static func aliceBeatsBob(in room: String) -> GameRecord {
    GameRecord(
      room: RoomID(rawValue: room), variant: .ticTacToe, players: ["alice", "bob"], names: ["Alice", "Bob"], bots: [],
      winners: ["alice"], moves: "[]")
  }

  @Test func serversStartingTogetherMigrateTheDatabaseOnce() async throws {
    let location = try await ScratchPostgres.shared().makeDatabase()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<4 { group.addTask { _ = try await DatabaseClient.postgres(location) } }
      try await group.waitForAll()
    }
  }

  @Test func anUnreachableServerIsAClearStorageProblem() async throws {
    let location = try PostgresLocation("postgres://nobody@127.0.0.1:1/games")
    do {
      _ = try await DatabaseClient.postgres(location, connectWithin: .seconds(1))
      Issue.record("connected to nothing")
    } catch {
      #expect(
        "\(error)"
          == "PostgreSQL at postgres://nobody@127.0.0.1:1/games is unreachable (no connection within 1.0 seconds)")
    }
  }
}

struct PostgresLocationTests {
  @Test func addressesAreRead() throws {
    let location = try PostgresLocation("postgres://game:s%40cret@db.example:6543/games")
    #expect(location.user == "game" && location.password == "s@cret")
    #expect(location.host == "db.example" && location.port == 6543 && location.database == "games")
    #expect("\(location)" == "postgres://game@db.example:6543/games")
    let socket = try PostgresLocation("postgresql://game@/games?host=/run/postgresql")
    #expect(socket.socketFolder == "/run/postgresql" && socket.port == 5432)
  }

  @Test(arguments: [
    ("mysql://game@host/games", "is not a postgres://"),
    ("postgres://host/games", "names no user"),
    ("postgres://game@host", "names no database"),
    ("postgres://game@host:5432/games?sslmode=require", "not encrypted"),
    ("postgres://game@host:5432/games?pool=3", "unknown option pool"),
    ("postgres://game:secret@host/", "***"),
  ])
  func badAddressesSayWhatIsWrong(address: String, message: String) {
    #expect {
      _ = try PostgresLocation(address)
    } throws: { error in
      "\(error)".contains(message) && !"\(error)".contains("secret")
    }
  }
}
