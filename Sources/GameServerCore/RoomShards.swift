import ComposableArchitecture
import Foundation
import GameServerDatabase
import GameServerGame
import GameServerMatchmaking
import GameServerWire

/// The room shards of one process as the nodes of a cluster kept in memory: each shard is a
/// ``Server`` store of its own (its rooms, clocks and sessions), and this is what they share:
/// the queue (paired by the server's matchmaking rules, each room on the shard of its group's
/// oldest ticket), the directory of which shard has each room and who is seated in it (kept
/// from the log lines each shard writes), private-room codes, wrong-password counts, and who
/// logged in where. Shard `k`'s address is `shard:k`: where a node of a cluster would send a
/// player to another server, a shard hands the connection over (``ShardHandOff``).
///
/// ```swift
/// let shards = RoomShards(count: 2, settings: settings.matchmaking)
/// // shard k's store:
/// $0.cluster = shards.cluster(for: k)
/// $0.database = shards.database(database, for: k)
/// $0.shardHandOff = shards.handOff(for: k) { connection, shard, adoption in ... }
/// ```
public final class RoomShards: Sendable {
  struct Waiting {
    var ticket: QueueTicket
    var shard: Int
    var since: ContinuousClock.Instant
  }

  struct Failures {
    var count = 0
    var lockedUntil: Date?
  }

  struct Shared {
    var waiting: [Waiting] = []
    /// Each open room's shard, and who is seated in it (and has not left).
    var rooms: [RoomID: (shard: Int, players: Set<PlayerID>)] = [:]
    /// The room each seated player has.
    var seats: [PlayerID: RoomID] = [:]
    var codes: [String: Int] = [:]
    var failures: [String: Failures] = [:]
    var streams: [Int: AsyncStream<ClusterEvent>.Continuation] = [:]
    /// Each shard's live rooms, newest first, as it last told them.
    var listings: [Int: [RoomListing]] = [:]
  }

  /// How many shards.
  public let count: Int
  private let settings: Matchmaking.Settings
  private let makeRoomID: @Sendable () -> RoomID
  private let now: @Sendable () -> ContinuousClock.Instant
  private let shared = LockIsolated(Shared())

  /// - Parameters:
  ///   - count: How many shards (at least 1).
  ///   - settings: The matchmaking rules of the queue the shards share.
  ///   - makeRoomID: The id of each room the queue makes.
  ///   - now: The time tickets wait by (rating gaps widen, bots come, as they wait).
  public init(
    count: Int, settings: Matchmaking.Settings = Matchmaking.Settings(),
    makeRoomID: @escaping @Sendable () -> RoomID = {
      var generator = SystemRandomNumberGenerator()
      return RoomID.random(using: &generator)
    },
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) {
    self.count = max(1, count)
    self.settings = settings
    self.makeRoomID = makeRoomID
    self.now = now
  }

  /// A shard's address.
  public static func url(of shard: Int) -> String { "shard:\(shard)" }

  /// The shard an address names, if it is one of these.
  public func shard(at url: String) -> Int? {
    guard url.hasPrefix("shard:"), let shard = Int(url.dropFirst(6)), (0..<self.count).contains(shard) else {
      return nil
    }
    return shard
  }

  /// The shard a room goes to when the server starts again with its rooms: the same for the
  /// same id and count.
  public func shard(forRoom room: RoomID) -> Int {
    // NB: FNV-1a, not `hashValue`, which changes from run to run.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in room.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(hash % UInt64(self.count))
  }

  /// Puts rooms in the directory, on a shard, with who is seated in each: those it restored.
  public func seat(_ rooms: [RoomID: [PlayerID]], on shard: Int) {
    self.shared.withValue { shared in
      for (room, players) in rooms { Self.place(&shared, room, on: shard, seating: players) }
    }
  }

  /// Which shard has a room, if it is open.
  public func shard(ofRoom room: RoomID) -> Int? {
    self.shared.withValue { $0.rooms[room]?.shard }
  }

  /// The room a player is seated in, if any.
  public func room(of player: PlayerID) -> RoomID? {
    self.shared.withValue { $0.seats[player] }
  }

  /// The shards' cluster as shard `shard` sees it.
  public func cluster(for shard: Int) -> ClusterClient {
    let (stream, continuation) = AsyncStream.makeStream(of: ClusterEvent.self)
    self.shared.withValue { $0.streams[shard] = continuation }
    return ClusterClient(
      placement: { player in
        self.shared.withValue { shared in
          guard let room = shared.seats[player], let owner = shared.rooms[room]?.shard, owner != shard else {
            return nil
          }
          return RoomPlacement(room: room, url: Self.url(of: owner))
        }
      },
      location: { room in
        self.shared.withValue { shared in
          guard let owner = shared.rooms[room]?.shard, owner != shard else { return nil }
          return RoomPlacement(room: room, url: Self.url(of: owner))
        }
      },
      events: { stream },
      loggedIn: { player, connection in self.tell(allBut: shard, .loggedInElsewhere(player, connection: connection)) },
      lockedUntil: { name, now in
        self.shared.withValue { shared in
          shared.failures[name.lowercased()]?.lockedUntil.flatMap { $0 > now ? $0 : nil }
        }
      },
      failedLogin: { name, now, maxFailures, lockout in
        self.shared.withValue { shared in
          var failures = shared.failures[name.lowercased()] ?? Failures()
          if let until = failures.lockedUntil, until <= now { failures = Failures() }
          failures.count += 1
          if failures.count >= maxFailures {
            failures = Failures(count: 0, lockedUntil: now.addingTimeInterval(lockout))
          }
          shared.failures[name.lowercased()] = failures
        }
      },
      succeededLogin: { name in
        self.shared.withValue { shared in
          if shared.failures[name.lowercased()]?.lockedUntil == nil { shared.failures[name.lowercased()] = nil }
        }
      },
      enqueue: { ticket in self.enqueue(ticket, on: shard) },
      leaveQueue: { player in self.shared.withValue { $0.waiting.removeAll { $0.ticket.player == player } } },
      publishPrivateRoom: { code in self.shared.withValue { $0.codes[code] = shard } },
      withdrawPrivateRoom: { code in self.shared.withValue { if $0.codes[code] == shard { $0.codes[code] = nil } } },
      privateRoomLocation: { code in
        self.shared.withValue { shared in shared.codes[code].flatMap { $0 == shard ? nil : Self.url(of: $0) } }
      })
  }

  /// How shard `shard` hands connections to the others: `deliver` is to bring the adoption to
  /// the other shard's store, before any later event of the connection.
  public func handOff(
    for shard: Int,
    deliver: @escaping @Sendable (_ connection: ConnectionID, _ shard: Int, _ adoption: Server.Action) -> Void
  ) -> ShardHandOff {
    ShardHandOff(
      room: { player in self.room(of: player) },
      publishRooms: { rooms in self.publish(rooms, of: shard) },
      otherRooms: {
        self.shared.withValue { shared in
          shared.listings.filter { $0.key != shard }.sorted { $0.key < $1.key }.map(\.value)
        }
      },
      shard: { url in self.shard(at: url) }, handOver: deliver)
  }

  /// Shard `shard`'s database: `database`, with the directory kept from the lines it writes
  /// (a room's snapshot seats its players, a seat's event seats those back and unseats those
  /// who left, a closed log ends the room).
  public func database(_ database: DatabaseClient, for shard: Int) -> DatabaseClient {
    var wrapped = database
    wrapped.appendRoomLog = { entry in
      if entry.seatedPlayers != nil || entry.leftPlayers != nil { self.note(entry, on: shard) }
      database.appendRoomLog(entry)
    }
    wrapped.restartRoomLog = { snapshot in
      if snapshot.seatedPlayers != nil || snapshot.leftPlayers != nil { self.note(snapshot, on: shard) }
      database.restartRoomLog(snapshot)
    }
    wrapped.closeRoomLog = { room in
      self.shared.withValue { shared in
        guard let players = shared.rooms.removeValue(forKey: room)?.players else { return }
        for player in players where shared.seats[player] == room { shared.seats[player] = nil }
      }
      database.closeRoomLog(room)
    }
    return wrapped
  }

  /// Pairs the tickets that have waited (their rating gaps widen, bots come): call it now and
  /// then (once a second), as a server's matchmaking does on its own.
  public func pairWaiting() {
    let variants = self.shared.withValue { Set($0.waiting.map(\.ticket.variant)) }
    for variant in variants.sorted(by: { $0.rawValue < $1.rawValue }) { self.pair(variant) }
  }

  private func note(_ entry: RoomLogEntry, on shard: Int) {
    self.shared.withValue { shared in
      Self.place(&shared, entry.room, on: shard, seating: entry.seatedPlayers ?? [])
      for player in entry.leftPlayers ?? [] {
        shared.rooms[entry.room]?.players.remove(player)
        if shared.seats[player] == entry.room { shared.seats[player] = nil }
      }
    }
  }

  private static func place(_ shared: inout Shared, _ room: RoomID, on shard: Int, seating players: [PlayerID]) {
    shared.rooms[room, default: (shard, [])].shard = shard
    for player in players {
      shared.rooms[room]?.players.insert(player)
      shared.seats[player] = room
    }
  }

  private func publish(_ rooms: [RoomListing], of shard: Int) {
    let changed = self.shared.withValue { shared in
      guard shared.listings[shard] != rooms else { return false }
      shared.listings[shard] = rooms
      return true
    }
    if changed { self.tell(allBut: shard, .roomListChanged) }
  }

  private func tell(allBut shard: Int, _ event: ClusterEvent) {
    let others = self.shared.withValue { $0.streams.filter { $0.key != shard }.map(\.value) }
    for continuation in others { continuation.yield(event) }
  }

  private func enqueue(_ ticket: QueueTicket, on shard: Int) {
    let continuation = self.shared.withValue { shared in
      shared.waiting.removeAll { $0.ticket.player == ticket.player }
      shared.waiting.append(Waiting(ticket: ticket, shard: shard, since: self.now()))
      return shared.streams[shard]
    }
    // NB: Stored at once: the shard hears so before any match it is part of.
    continuation?.yield(.queued([ticket.player]))
    self.pair(ticket.variant)
  }

  private func pair(_ variant: GameVariant) {
    let now = self.now()
    let (news, streams) = self.shared.withValue { shared in
      var news: [Int: (rooms: [SharedMatch], elsewhere: [PlayerID: RoomPlacement])] = [:]
      let waiting = shared.waiting.filter { $0.ticket.variant == variant }
      let tickets = waiting.map { entry in
        (
          ticket: Matchmaking.Ticket(
            player: entry.ticket.player, rating: entry.ticket.rating, enqueuedAt: .zero, seats: entry.ticket.seats,
            fewest: entry.ticket.fewest),
          waited: now - entry.since
        )
      }
      for group in Matchmaking.groups(of: variant, tickets, settings: self.settings) {
        let entries = group.players.compactMap { player in waiting.first { $0.ticket.player == player } }
        guard let oldest = entries.min(by: { $0.since < $1.since }) else { continue }
        let room = self.makeRoomID()
        Self.place(&shared, room, on: oldest.shard, seating: group.players)
        shared.waiting.removeAll { group.players.contains($0.ticket.player) }
        news[oldest.shard, default: ([], [:])].rooms.append(
          SharedMatch(room: room, variant: variant, players: entries.map(\.ticket), bots: group.bots))
        for entry in entries where entry.shard != oldest.shard {
          news[entry.shard, default: ([], [:])].elsewhere[entry.ticket.player] =
            RoomPlacement(room: room, url: Self.url(of: oldest.shard))
        }
      }
      return (news, shared.streams)
    }
    for (shard, event) in news.sorted(by: { $0.key < $1.key }) {
      streams[shard]?.yield(.matched(rooms: event.rooms, elsewhere: event.elsewhere))
    }
  }
}
