import ConcurrencyExtras
import GameServerGame
import GameServerRatings
import GameServerWire

extension DatabaseClient {
  /// A database in memory, with the same rules as the live one: unique names (ignoring case),
  /// Elo updates for rated games, leaderboards by rating, room logs that break at a failed line
  /// until a snapshot mends them. Writes commit at once, unless `faults` makes them fail.
  public static func inMemory(faults: StorageFaults = StorageFaults()) -> DatabaseClient {
    let storage = LockIsolated(Storage())
    let progress = RoomLogProgress()
    let events = StorageEventBroadcast()
    faults.onRecovery { events.yield(.writesRecovered) }

    /// Throws the fault's problem, if any, reporting when writes start failing.
    @Sendable func check() throws(StorageProblem) {
      guard let problem = faults.problem else { return }
      if faults.noteFailure() { events.yield(.writesFailing(problem)) }
      throw problem
    }
    /// Writes a room-log line (and the game it ends) unless writes fail; returns whether it did.
    @Sendable func write(_ entry: RoomLogEntry, _ change: @Sendable (inout Storage) -> Void) -> Bool {
      let ticket = entry.ticket
      do {
        try check()
      } catch {
        if progress.failed(ticket) { events.yield(.roomLogFailed(entry.room)) }
        return false
      }
      let ratings = storage.withValue { storage in
        change(&storage)
        // NB: The replay is the room's log as it stands with this line: what the live stores keep.
        return entry.finishedGame.map { game in
          storage.record(game, replay: storage.roomLogs[entry.room, default: []].map(\.payload))
        }
      }
      if let game = entry.finishedGame, let ratings {
        events.yield(.gameRecorded(entry.room, game.variant, ratings: ratings))
      }
      return true
    }

    return DatabaseClient(
      createAccount: { account in
        try check()
        try storage.withValue { storage in
          let key = account.name.lowercased()
          guard storage.accounts[key] == nil else { throw DatabaseClientError.nameTaken(account.name) }
          storage.accounts[key] = account
        }
      },
      fetchAccount: { name in storage.value.accounts[name.lowercased()] },
      insertSession: { session in
        try check()
        storage.withValue { $0.insertSession(session) }
      },
      fetchSession: { hash in storage.value.sessions[hash] },
      replaceSession: { old, new, graceUntil in
        try check()
        storage.withValue { $0.replaceSession(old, with: new, graceUntil: graceUntil) }
      },
      revokeSession: { hash in
        try check()
        storage.withValue { $0.sessions[hash] = nil }
      },
      fetchRatings: { player in storage.value.ratings[player] ?? [:] },
      fetchLeaderboard: { variant, limit in storage.value.leaderboard(variant, limit: limit) },
      fetchGames: { player, limit in
        let (games, changes) = storage.withValue { ($0.games, $0.ratingChanges) }
        return games.indices.filter { games[$0].players.contains(player) }.suffix(max(0, limit)).map { index in
          var record = games[index]
          record.number = Int64(index + 1)
          record.ratingChange = changes[index][player]
          return record
        }
      },
      fetchRecordedGame: { id in
        let storage = storage.value
        guard id >= 1, id <= storage.games.count else { return nil }
        return RecordedGame(id: id, record: storage.games[Int(id) - 1], replay: storage.replays[Int(id) - 1])
      },
      fetchRecordedGames: { limit in
        let games = storage.value.games
        return games.indices.suffix(max(0, limit)).map {
          RecordedGame(id: Int64($0 + 1), record: games[$0], replay: nil)
        }
      },
      appendRoomLog: { entry in
        let ticket = entry.ticket
        guard progress.mayAppend(ticket) else { return }
        if write(entry, { $0.roomLogs[entry.room, default: []].append(entry) }) { progress.committed(ticket) }
      },
      closeRoomLog: { room in
        guard (try? check()) != nil else { return }
        storage.withValue { $0.roomLogs[room] = nil }
        progress.closed(room)
      },
      restartRoomLog: { snapshot in
        let ticket = snapshot.ticket
        progress.willRestart(ticket)
        if write(snapshot, { $0.roomLogs[snapshot.room] = [snapshot] }), progress.restarted(ticket) {
          events.yield(.roomLogRestored(snapshot.room))
        }
      },
      roomLogStatus: { ticket in progress.status(ticket) },
      storageEvents: { events.stream() },
      fetchRoomLogs: {
        storage.value.roomLogs.mapValues { $0.sorted { $0.sequence < $1.sequence } }
      },
      close: {}
    )
  }
}

/// The in-memory database's tables.
struct Storage {
  var accounts: [String: AccountRecord] = [:]
  var sessions: [String: SessionRecord] = [:]
  var ratings: [PlayerID: [GameVariant: Int]] = [:]
  var records: [PlayerID: [GameVariant: (wins: Int, losses: Int, draws: Int)]] = [:]
  var names: [PlayerID: String] = [:]
  var guests: Set<PlayerID> = []
  var games: [GameRecord] = []
  /// Each game's replay, by its place in `games`.
  var replays: [[String]?] = []
  /// How much each game moved each rated player's rating, by its place in `games`.
  var ratingChanges: [[PlayerID: Int]] = []
  var roomLogs: [RoomID: [RoomLogEntry]] = [:]

  /// Records a finished game and writes the rating rows `GameRatings` gives it; returns the rated
  /// players' ratings before and after it.
  mutating func record(_ game: GameRecord, replay: [String]?) -> [PlayerID: RatingUpdate] {
    self.games.append(game)
    self.replays.append(replay)
    var before: [RatingKey: Int] = [:]
    for key in GameRatings.people(in: [game]).keys {
      before[key] = self.ratings[key.player]?[key.variant]
    }
    let changes = GameRatings.rate([game], before: before)
    for row in changes.rows {
      let (player, variant) = (row.key.player, row.key.variant)
      self.names[player] = row.name
      if row.isGuest { self.guests.insert(player) }
      self.ratings[player, default: [:]][variant] = row.after
      var tally = self.records[player]?[variant] ?? (0, 0, 0)
      tally.wins += row.wins
      tally.losses += row.losses
      tally.draws += row.draws
      self.records[player, default: [:]][variant] = tally
    }
    self.ratingChanges.append(changes.results[0].mapValues(\.change))
    return changes.results[0]
  }

  /// The best-rated accounts (guests are rated but not listed).
  func leaderboard(_ variant: GameVariant, limit: Int) -> [LeaderboardEntry] {
    self.ratings.compactMap { player, ratings -> LeaderboardEntry? in
      guard !self.guests.contains(player), let rating = ratings[variant] else { return nil }
      let tally = self.records[player]?[variant] ?? (0, 0, 0)
      return LeaderboardEntry(
        name: self.names[player] ?? player.rawValue, rating: rating, wins: tally.wins,
        losses: tally.losses, draws: tally.draws)
    }
    .sorted { ($0.rating, $1.name) > ($1.rating, $0.name) }
    .prefix(limit)
    .map { $0 }
  }
}
