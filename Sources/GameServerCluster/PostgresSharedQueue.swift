import Foundation
import GameServerDatabase
import GameServerGame
import GameServerPostgres
import GameServerWire
import Logging
import PostgresNIO
import Synchronization

/// The matchmaking queue that the nodes of a cluster share, in PostgreSQL.
///
/// - A waiting player is a `ticket` row, written by the player's node (in the order the server
///   asked, by one writer).
/// - Every node pairs: woken by `NOTIFY matchmaking` and once a second (for gaps that widen with
///   the wait, and bots). For each game and mode, one node at a time: the pass holds an advisory
///   lock while it reads the tickets, groups them by the server's rules (``QueuePairing``),
///   draws the rooms' ids from the database (`room-` and 16 hex digits of a random UUID's
///   MD5, as every server's ids are written), enters each room in the
///   directory as the node of its oldest ticket's, seats its players, and marks their tickets,
///   all in one transaction. A second pass waits for the lock and sees what the first left.
/// - Each node then reads, in one transaction, the rooms it is to open (`pending_room`) and its
///   players' paired tickets, deleting both: ``ClusterEvent/matched(rooms:elsewhere:)``.
///
/// Private rooms stay on the node of their host; `private_room` says which node each invite code
/// waits on, so that a friend who joins elsewhere is sent there (`joinElsewhere`).
///
/// Notifications only wake: rows are the truth, and a lost notification delays a match by at most
/// a second. Rooms go only to live nodes, and a paired ticket is handed out only once its room's
/// node is live (a room paired to a node that went down is taken over, pending, by a live one).
/// Tickets of nodes whose lease ran out are deleted, paired or not (their players are gone with
/// their connections). A ticket is answered `queued` once it is stored, and never when it is not.
///
/// ```swift
/// let queue = PostgresSharedQueue(client: client, logger: logger, pairing: pairing) { event in ... }
/// queue.start(node: { cluster.node })
/// queue.enqueue(ticket)
/// ```
final class PostgresSharedQueue: Sendable {
  enum Request: Sendable {
    case enqueue(QueueTicket)
    case leave(PlayerID)
    case publish(code: String)
    case withdraw(code: String)
  }

  /// The channel that wakes the nodes' pairers and readers.
  static let channel = "matchmaking"
  /// The first key of the advisory lock that one pairer per game and mode holds (the second is
  /// the hash of the variant's name).
  static let pairingLock: Int32 = 0x6761

  private let client: PostgresClient
  private let logger: Logger
  /// Where its own notices go: the server's logger (the PostgreSQL client's `logger` is held at
  /// warning, since it reports every reconnection attempt at info).
  private let notices: Logger
  private let pairing: QueuePairing
  private let tell: @Sendable (ClusterEvent) -> Void
  private let requests: (stream: AsyncStream<Request>, continuation: AsyncStream<Request>.Continuation)
  private let pairings: (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation)
  private let collections: (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation)
  /// Whether the next pairing pass first deletes what nodes whose lease ran out left (once a
  /// heartbeat, not on every ticket).
  private let sweeps = Mutex(false)
  /// This node's players with a ticket stored, by the node id it was stored under.
  private let stored = Mutex<[PlayerID: Int64]>([:])

  init(
    client: PostgresClient, logger: Logger, notices: Logger? = nil, pairing: @escaping QueuePairing,
    tell: @escaping @Sendable (ClusterEvent) -> Void
  ) {
    self.client = client
    self.logger = logger
    self.notices = notices ?? logger
    self.pairing = pairing
    self.tell = tell
    self.requests = AsyncStream.makeStream(of: Request.self)
    // NB: Wake-ups that come while a pass runs make one more pass, not one each.
    self.pairings = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    self.collections = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Starts the ticket writer and the pairer, for as long as the process runs; `node` is this
  /// node's id while it has a lease.
  func start(node: @escaping @Sendable () -> Int64?) {
    Task { await self.writeTickets(node) }
    Task { await self.pairWhenWoken(node) }
    Task { await self.collectWhenWoken(node) }
  }

  func enqueue(_ ticket: QueueTicket) { self.requests.continuation.yield(.enqueue(ticket)) }

  func leave(_ player: PlayerID) { self.requests.continuation.yield(.leave(player)) }

  /// Records that the private room with this code waits on this node (a code another node
  /// used, which is rare with 32⁵ codes, becomes this one's).
  func publish(_ code: String) { self.requests.continuation.yield(.publish(code: code)) }

  func withdraw(_ code: String) { self.requests.continuation.yield(.withdraw(code: code)) }

  /// The address of the live node, other than `node`, where the private room with this code waits.
  func location(ofPrivateRoom code: String, node: Int64?) async throws -> String? {
    let rows = try await self.client.query(
      """
      SELECT node.id, node.url FROM private_room JOIN node ON node.id = private_room.node
      WHERE private_room.code = \(code) AND node.lease_until > now()
      """,
      logger: self.logger)
    for try await (owner, url) in rows.decode((Int64, String).self) where owner != node { return url }
    return nil
  }

  /// A notification on ``channel``: `queue` wakes the pairer, `matched` the reader of matches.
  func notified(_ payload: String) {
    if payload == "matched" {
      self.collections.continuation.yield()
    } else {
      self.pairings.continuation.yield()
    }
  }

  /// The heartbeat: pairs (gaps widen with the wait, bots come), after deleting what dead nodes
  /// left, and reads matches (a notification may have been lost).
  func beat() {
    self.sweeps.withLock { $0 = true }
    self.pairings.continuation.yield()
    self.collections.continuation.yield()
  }

  /// The node lost its lease: its tickets will be deleted as a dead node's, so its players wait
  /// no more.
  func dropAll() {
    let players = self.stored.withLock { stored in
      defer { stored = [:] }
      return Array(stored.keys)
    }
    if !players.isEmpty { self.tell(.queueFailed(players)) }
  }

  // MARK: - Tickets

  private func writeTickets(_ node: @Sendable () -> Int64?) async {
    let encoder = JSONEncoder()
    for await request in self.requests.stream {
      switch request {
      case let .enqueue(ticket):
        guard let node = node() else {
          self.tell(.queueFailed([ticket.player]))
          continue
        }
        do {
          let json = String(decoding: try encoder.encode(ticket), as: UTF8.self)
          // NB: A ticket already paired stays so while its room is on its way to a live node (its
          //     player is told where to go); one paired to a room that never opened, or left by a
          //     node that is down, is replaced. What was not stored is never answered `queued`.
          var stored = false
          for try await _ in try await self.client.query(
            """
            WITH stored AS (
              INSERT INTO ticket (player, node, variant, ticket)
              VALUES (\(ticket.player.rawValue), \(node), \(ticket.variant.rawValue), \(json))
              ON CONFLICT (player) DO UPDATE SET node = excluded.node, variant = excluded.variant,
                ticket = excluded.ticket, enqueued_at = clock_timestamp(), room = NULL
              WHERE ticket.room IS NULL
                OR NOT EXISTS (SELECT 1 FROM room WHERE room.id = ticket.room)
                OR NOT EXISTS (SELECT 1 FROM node WHERE node.id = ticket.node AND node.lease_until > now())
              RETURNING player
            )
            SELECT pg_notify(\(Self.channel), 'queue') FROM stored
            """,
            logger: self.logger)
          {
            stored = true
          }
          guard stored else {
            self.notices.notice(
              "A ticket was not stored: its player is paired to a room on its way",
              metadata: ["player": "\(ticket.player)"])
            self.tell(.queueFailed([ticket.player]))
            continue
          }
          self.stored.withLock { $0[ticket.player] = node }
          self.tell(.queued([ticket.player]))
        } catch {
          self.logger.warning(
            "Cannot store a ticket in the shared queue", metadata: ["problem": "\(StorageProblem(postgres: error))"])
          self.tell(.queueFailed([ticket.player]))
        }
      case let .publish(code):
        guard let node = node() else { continue }
        do {
          try await self.client.query(
            """
            INSERT INTO private_room (code, node) VALUES (\(code), \(node))
            ON CONFLICT (code) DO UPDATE SET node = excluded.node
            """,
            logger: self.logger)
        } catch {
          // NB: Friends on this node can still join; those elsewhere hear the code is unknown.
          self.logger.warning(
            "Cannot tell other nodes of a private room", metadata: ["problem": "\(StorageProblem(postgres: error))"])
        }
      case let .withdraw(code):
        guard let node = node() else { continue }
        // NB: A code left behind is found, and then not joined: the room is gone.
        _ = try? await self.client.query(
          "DELETE FROM private_room WHERE code = \(code) AND node = \(node)", logger: self.logger)
      case let .leave(player):
        guard let node = self.stored.withLock({ $0.removeValue(forKey: player) }) else { continue }
        do {
          try await self.client.query(
            "DELETE FROM ticket WHERE player = \(player.rawValue) AND node = \(node) AND room IS NULL",
            logger: self.logger)
        } catch {
          // NB: The ticket stays: when it is paired, the player (gone) is seated away and forfeits.
          self.logger.warning(
            "Cannot take a ticket out of the shared queue", metadata: ["problem": "\(StorageProblem(postgres: error))"])
        }
      }
    }
  }

  // MARK: - Pairing

  private func pairWhenWoken(_ node: @Sendable () -> Int64?) async {
    for await _ in self.pairings.stream {
      guard node() != nil else { continue }
      do {
        try await self.pairWaitingPlayers()
      } catch {
        self.logger.warning("Cannot pair the shared queue", metadata: ["problem": "\(StorageProblem(postgres: error))"])
      }
    }
  }

  private func collectWhenWoken(_ node: @Sendable () -> Int64?) async {
    for await _ in self.collections.stream {
      guard let node = node() else { continue }
      do {
        try await self.collect(node)
      } catch {
        self.logger.warning(
          "Cannot read the shared queue's matches", metadata: ["problem": "\(StorageProblem(postgres: error))"])
      }
    }
  }

  /// Pairs every game and mode that has players waiting (once a heartbeat, after deleting what
  /// nodes whose lease ran out left in the queue).
  private func pairWaitingPlayers() async throws {
    if self.sweeps.withLock({ sweep in
      defer { sweep = false }
      return sweep
    }) {
      // NB: Every ticket of a node that is down goes, paired or not: its players went with their
      //     connections, and a room paired for them keeps their seats in `room_player`. A room
      //     paired to a node that is down is not dropped here: the take-over gives it to a live
      //     node, which opens it (`PostgresCluster`).
      try await self.client.query(
        """
        WITH live AS (SELECT id FROM node WHERE lease_until > now()),
        gone AS (DELETE FROM ticket WHERE node NOT IN (SELECT id FROM live)),
        codes AS (DELETE FROM private_room WHERE node NOT IN (SELECT id FROM live))
        DELETE FROM pending_room WHERE id NOT IN (SELECT id FROM room)
        """,
        logger: self.logger)
    }
    var variants: [String] = []
    for try await variant in try await self.client.query(
      "SELECT DISTINCT variant FROM ticket WHERE room IS NULL", logger: self.logger
    ).decode(String.self) {
      variants.append(variant)
    }
    for variant in variants { try await self.pair(variant) }
  }

  private func pair(_ variant: String) async throws {
    let (logger, pairing) = (self.logger, self.pairing)
    try await self.client.withTransaction(logger: logger) { connection in
      try await connection.query(
        "SELECT pg_advisory_xact_lock(\(Self.pairingLock), hashtext(\(variant)))", logger: logger)
      let decoder = JSONDecoder()
      var waiting: [(ticket: QueueTicket, waited: Duration)] = []
      var nodes: [PlayerID: Int64] = [:]
      // NB: Each ticket comes with an id the database drew, for a room it may be the first of.
      var ids: [PlayerID: String] = [:]
      // NB: Only tickets of live nodes (a room goes to its oldest ticket's node), and of players
      //     with no seat in an open room.
      for try await (node, json, micros, id) in try await connection.query(
        """
        SELECT ticket.node, ticket.ticket,
          (extract(epoch FROM clock_timestamp() - ticket.enqueued_at) * 1000000)::bigint,
          'room-' || substr(md5(gen_random_uuid()::text), 1, 16)
        FROM ticket JOIN node ON node.id = ticket.node AND node.lease_until > now()
        WHERE ticket.variant = \(variant) AND ticket.room IS NULL
          AND NOT EXISTS (SELECT 1 FROM room_player WHERE room_player.player = ticket.player)
        ORDER BY ticket.enqueued_at, ticket.player
        """,
        logger: logger
      ).decode((Int64, String, Int64, String).self) {
        guard let ticket = try? decoder.decode(QueueTicket.self, from: Data(json.utf8)) else { continue }
        waiting.append((ticket, .microseconds(max(0, micros))))
        nodes[ticket.player] = node
        ids[ticket.player] = id
      }
      let groups = pairing(waiting)
      guard !groups.isEmpty else { return }
      let tickets = Dictionary(waiting.map { ($0.ticket.player, $0.ticket) }, uniquingKeysWith: { first, _ in first })
      let encoder = JSONEncoder()
      var (rooms, owners, matches, seatRooms, seatPlayers) = ([String](), [Int64](), [String](), [String](), [String]())
      for group in groups {
        let players = group.players.compactMap { tickets[$0] }
        guard players.count == group.players.count, let first = players.first, let owner = nodes[first.player],
          let id = ids[first.player]
        else { continue }
        let match = SharedMatch(room: RoomID(rawValue: id), variant: first.variant, players: players, bots: group.bots)
        rooms.append(id)
        owners.append(owner)
        matches.append(String(decoding: try encoder.encode(match), as: UTF8.self))
        for player in players {
          seatRooms.append(id)
          seatPlayers.append(player.player.rawValue)
        }
      }
      guard !rooms.isEmpty else { return }
      // NB: One statement: the directory, the seats, the rooms to open, the tickets, the wake-up.
      try await connection.query(
        """
        WITH opened AS (
          INSERT INTO room (id, owner, epoch) SELECT id, owner, 1 FROM unnest(\(rooms)::text[], \(owners)::bigint[]) AS m(id, owner)
          RETURNING id
        ),
        seated AS (
          INSERT INTO room_player (room, player)
          SELECT m.room, m.player FROM unnest(\(seatRooms)::text[], \(seatPlayers)::text[]) AS m(room, player)
          JOIN opened ON opened.id = m.room
        ),
        pending AS (
          INSERT INTO pending_room (id, owner, match)
          SELECT * FROM unnest(\(rooms)::text[], \(owners)::bigint[], \(matches)::text[])
        ),
        marked AS (
          UPDATE ticket SET room = m.room FROM unnest(\(seatPlayers)::text[], \(seatRooms)::text[]) AS m(player, room)
          WHERE ticket.player = m.player
        )
        SELECT pg_notify(\(Self.channel), 'matched')
        """,
        logger: logger)
    }
  }

  /// Reads, and deletes, the rooms this node is to open and its players' paired tickets.
  private func collect(_ node: Int64) async throws {
    let decoder = JSONDecoder()
    var rooms: [SharedMatch] = []
    var elsewhere: [PlayerID: RoomPlacement] = [:]
    var lost: [PlayerID] = []
    // NB: One statement (one transaction): the rooms to open here, then this node's paired tickets,
    //     but those whose room's node is down: they stay until a live node has taken it over, so
    //     that nobody is sent to a node that is down.
    for try await (match, player, room, owner, url) in try await self.client.query(
      """
      WITH rooms AS (DELETE FROM pending_room WHERE owner = \(node) RETURNING match),
      paired AS (
        DELETE FROM ticket WHERE node = \(node) AND room IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM room LEFT JOIN node ON node.id = room.owner
            WHERE room.id = ticket.room AND (node.id IS NULL OR node.lease_until <= now())
          )
        RETURNING player, room
      )
      SELECT match, NULL, NULL, NULL::bigint, NULL FROM rooms
      UNION ALL
      SELECT NULL, paired.player, paired.room, room.owner, node.url FROM paired
      LEFT JOIN room ON room.id = paired.room LEFT JOIN node ON node.id = room.owner
      """,
      logger: self.logger
    ).decode((String?, String?, String?, Int64?, String?).self) {
      if let match {
        if let match = try? decoder.decode(SharedMatch.self, from: Data(match.utf8)) { rooms.append(match) }
        continue
      }
      guard let player, let room, owner != node else { continue }
      if let url {
        elsewhere[PlayerID(rawValue: player)] = RoomPlacement(room: RoomID(rawValue: room), url: url)
      } else {
        lost.append(PlayerID(rawValue: player))
      }
    }
    let paired = rooms.flatMap { $0.players.map(\.player) } + elsewhere.keys + lost
    guard !paired.isEmpty else { return }
    self.stored.withLock { stored in
      for player in paired { stored[player] = nil }
    }
    if !rooms.isEmpty || !elsewhere.isEmpty { self.tell(.matched(rooms: rooms, elsewhere: elsewhere)) }
    if !lost.isEmpty { self.tell(.queueFailed(lost)) }
  }
}
