import Foundation
import GameServerDatabase
import GameServerGame
import GameServerPostgres
import GameServerWire
import Logging
import PostgresNIO
import Synchronization

/// This server as a node of a cluster sharing one PostgreSQL database: its lease, the rooms it
/// owns (with the epoch it owns each at), and taking over the rooms of nodes whose lease ran
/// out.
///
/// Every second the node renews its lease (`lease_until = now() + lease`, by the database's
/// clock: no two machines' clocks are ever compared) and then takes over, a few at a time, the
/// rooms of nodes whose lease has run out: each such room gets this node as its owner and its
/// epoch one higher, in a transaction that also reads its log (`FOR UPDATE … SKIP LOCKED`, so
/// live nodes share the work). Every write to a room's log first checks, in its transaction,
/// that this node still owns the room at its epoch (``fence(_:_:_:)``): a node that lost a room
/// cannot write to it. A node that has not renewed its lease for a whole lease (paused, cut off
/// from the database) gives all its rooms up by itself, and joins again as a new node.
///
/// ```swift
/// let (database, cluster) = try await DatabaseClient.postgresCluster(location, url: "ws://10.0.0.2:8080/", lease: .seconds(5))
/// withDependencies { $0.database = database; $0.cluster = cluster.clusterClient } operation: { ... }
/// ```
public final class PostgresCluster: Sendable {
  struct Membership {
    var node: Int64?
    /// When the last renewal that worked was sent (by this process's monotonic clock).
    var renewedAt: ContinuousClock.Instant?
    /// The rooms this node owns, at their epochs.
    var epochs: [RoomID: Int64] = [:]
  }

  /// The address clients reach this node at.
  public let url: String
  /// How long the node's rooms stay its own without a renewal.
  public let lease: Duration
  static let heartbeat = Duration.seconds(1)
  /// The most rooms one heartbeat takes over.
  static let takeoverBatch = 64

  private let client: PostgresClient
  private let logger: Logger
  /// Where the node's own notices go (joining, taking over, dropping rooms): the server's logger,
  /// not the PostgreSQL client's, which is held at warning.
  private let notices: Logger
  private let membership = Mutex(Membership())
  private let events: AsyncStream<ClusterEvent>
  private let continuation: AsyncStream<ClusterEvent>.Continuation
  private let queue: PostgresSharedQueue

  init(
    client: PostgresClient, url: String, lease: Duration, pairing: @escaping QueuePairing, logger: Logger,
    notices: Logger? = nil
  ) {
    self.client = client
    self.url = url
    self.lease = lease
    self.logger = logger
    self.notices = notices ?? logger
    let (events, continuation) = AsyncStream.makeStream(of: ClusterEvent.self)
    (self.events, self.continuation) = (events, continuation)
    self.queue = PostgresSharedQueue(client: client, logger: logger, notices: notices, pairing: pairing) {
      continuation.yield($0)
    }
  }

  /// The node's id in the database, while it has a lease.
  public var node: Int64? { self.membership.withLock { $0.node } }

  /// The rooms this node owns now (for tests and metrics).
  public var ownedRooms: Set<RoomID> { self.membership.withLock { Set($0.epochs.keys) } }

  /// Registers the node, then renews its lease and takes over rooms every second, for as long
  /// as the process runs.
  func start() async throws {
    try await self.register(at: .now)
    Task { await self.beat() }
    // NB: Each returns once it hears its channel: a login elsewhere right after this node
    // started is not missed.
    let listener = PostgresNotificationListener(client: self.client, logger: self.logger)
    await listener.start(
      on: PostgresLogins.presenceChannel, "logins on other nodes", waitingUpTo: Self.listeningWait
    ) { payload in
      guard let (node, player) = PostgresLogins.parse(payload), node != self.node else { return }
      self.continuation.yield(.loggedInElsewhere(player))
    }
    await listener.start(on: PostgresSharedQueue.channel, "matchmaking", waitingUpTo: Self.listeningWait) { [queue] in
      queue.notified($0)
    }
    self.queue.start { [weak self] in self?.node }
  }

  /// How long a start waits for each listener before going on without it.
  static let listeningWait = Duration.seconds(5)

  /// What the server reads the cluster through.
  public var clusterClient: ClusterClient {
    let (client, logger) = (self.client, self.logger)
    return ClusterClient(
      placement: { player in try await self.placement(of: player) },
      location: { room in try await self.location(of: room) },
      events: { self.events },
      loggedIn: { player, _ in
        guard let node = self.node else { return }
        try await PostgresLogins.loggedIn(player, on: node, client, logger)
      },
      lockedUntil: { name, now in try await PostgresLogins.lockedUntil(name, now: now, client, logger) },
      failedLogin: { name, now, maxFailures, lockout in
        try await PostgresLogins.failed(name, now: now, maxFailures: maxFailures, lockout: lockout, client, logger)
      },
      succeededLogin: { name in try await PostgresLogins.succeeded(name, client, logger) },
      enqueue: { ticket in self.queue.enqueue(ticket) },
      leaveQueue: { player in self.queue.leave(player) },
      publishPrivateRoom: { code in self.queue.publish(code) },
      withdrawPrivateRoom: { code in self.queue.withdraw(code) },
      privateRoomLocation: { code in try await self.queue.location(ofPrivateRoom: code, node: self.node) })
  }

  // MARK: - Lease

  private func register(at now: ContinuousClock.Instant) async throws {
    let rows = try await self.client.query(
      """
      INSERT INTO node (url, lease_until) VALUES (\(self.url), now() + \(self.leaseSeconds) * interval '1 second')
      RETURNING id
      """,
      logger: self.logger)
    var node: Int64?
    for try await id in rows.decode(Int64.self) { node = id }
    self.membership.withLock {
      $0.node = node
      $0.renewedAt = now
    }
    self.notices.notice("Joined the cluster", metadata: ["node": "\(node ?? 0)", "url": "\(self.url)"])
  }

  private var leaseSeconds: Double {
    Double(self.lease.components.seconds) + Double(self.lease.components.attoseconds) / 1e18
  }

  private func beat() async {
    var beats = 0
    while true {
      let started = ContinuousClock.now
      await self.renewAndTakeOver(at: started)
      // NB: Waits widen the rating gaps, and bring bots: the queue is looked at every beat.
      self.queue.beat()
      beats += 1
      if beats % 60 == 0 { try? await self.forgetDeadNodes() }
      try? await Task.sleep(until: started + Self.heartbeat, clock: .continuous)
    }
  }

  private func renewAndTakeOver(at now: ContinuousClock.Instant) async {
    let expired = self.membership.withLock { membership -> Bool in
      guard let renewedAt = membership.renewedAt else { return false }
      return now - renewedAt >= self.lease
    }
    if expired { self.giveUpRooms("its lease ran out") }
    do {
      guard let node = self.node else {
        try await self.register(at: now)
        return
      }
      var renewed = false
      for try await _ in try await self.client.query(
        """
        UPDATE node SET lease_until = now() + \(self.leaseSeconds) * interval '1 second'
        WHERE id = \(node) AND lease_until > now() RETURNING id
        """,
        logger: self.logger
      ).decode(Int64.self) {
        renewed = true
      }
      guard renewed else {
        // NB: The database says the lease ran out: other nodes may be taking the rooms over.
        self.giveUpRooms("the database says its lease ran out")
        try await self.register(at: now)
        return
      }
      self.membership.withLock { $0.renewedAt = now }
      try await self.takeOver()
    } catch {
      self.logger.warning("Cannot renew the node's lease", metadata: ["problem": "\(StorageProblem(postgres: error))"])
    }
  }

  /// Stops owning every room, and says so (once).
  private func giveUpRooms(_ reason: String) {
    let had = self.membership.withLock { membership -> Bool in
      defer {
        membership.epochs = [:]
        membership.node = nil
        membership.renewedAt = nil
      }
      return membership.node != nil
    }
    guard had else { return }
    self.logger.error("This node gives up its rooms: \(reason)")
    self.continuation.yield(.leaseLost)
    self.queue.dropAll()
  }

  /// Keeps the shared tables bounded: nodes long dead that own nothing, and (as one server's
  /// own table of failures is) past 10,000 accounts with wrong passwords, the counts that lock
  /// nothing now.
  private func forgetDeadNodes() async throws {
    try await self.client.query(
      """
      DELETE FROM node WHERE lease_until < now() - interval '1 minute'
        AND NOT EXISTS (SELECT 1 FROM room WHERE room.owner = node.id)
      """,
      logger: self.logger)
    try await self.client.query(
      """
      DELETE FROM login_failure
      WHERE (locked_until IS NULL OR locked_until < extract(epoch FROM now()))
        AND (SELECT count(*) FROM login_failure) > 10000
      """,
      logger: self.logger)
  }

  // MARK: - Taking over

  /// Takes over some rooms of nodes whose lease ran out, with their logs.
  private func takeOver() async throws {
    guard let node = self.node else { return }
    let logger = self.logger
    let batch = Self.takeoverBatch
    let (epochs, logs, adopted, dropped) = try await self.client.withTransaction(logger: logger) { connection in
      var epochs: [RoomID: Int64] = [:]
      // NB: Never its own rooms: its lease may run out between its renewal and this statement
      //     (a slow beat); it gives them up at its next beat, and another node takes them.
      for try await (room, epoch) in try await connection.query(
        """
        WITH expired AS (
          SELECT room.id FROM room LEFT JOIN node ON node.id = room.owner
          WHERE (node.id IS NULL OR node.lease_until < now()) AND room.owner IS DISTINCT FROM \(node)
          ORDER BY room.id LIMIT \(batch) FOR UPDATE OF room SKIP LOCKED
        )
        UPDATE room SET owner = \(node), epoch = room.epoch + 1 FROM expired WHERE room.id = expired.id
        RETURNING room.id, room.epoch
        """,
        logger: logger
      ).decode((String, Int64).self) {
        epochs[RoomID(rawValue: room)] = epoch
      }
      var logs: [RoomID: [RoomLogEntry]] = [:]
      guard !epochs.isEmpty else { return (epochs, logs, Set<RoomID>(), 0) }
      let ids = epochs.keys.map(\.rawValue)
      for try await (room, sequence, payload) in try await connection.query(
        "SELECT room, sequence, payload FROM room_log WHERE room = ANY(\(ids)::text[]) ORDER BY room, sequence",
        logger: logger
      ).decode((String, Int, String).self) {
        logs.append(room: room, sequence: sequence, payload: payload)
      }
      // NB: A room with no log that the shared queue made for a node that went down before it
      //     opened it is this node's to open now (its players were, or will be, sent here); any
      //     other room with no log has nothing to bring back: it leaves the directory.
      let empty = ids.filter { logs[RoomID(rawValue: $0)] == nil }
      var adopted = Set<RoomID>()
      var dropped = 0
      if !empty.isEmpty {
        for try await room in try await connection.query(
          "UPDATE pending_room SET owner = \(node) WHERE id = ANY(\(empty)::text[]) RETURNING id", logger: logger
        ).decode(String.self) {
          adopted.insert(RoomID(rawValue: room))
        }
        let gone = empty.filter { !adopted.contains(RoomID(rawValue: $0)) }
        if !gone.isEmpty {
          try await connection.query("DELETE FROM room WHERE id = ANY(\(gone)::text[])", logger: logger)
          dropped = gone.count
        }
        if !adopted.isEmpty {
          try await connection.query("SELECT pg_notify(\(PostgresSharedQueue.channel), 'matched')", logger: logger)
        }
      }
      return (epochs, logs, adopted, dropped)
    }
    if dropped > 0 {
      self.notices.notice(
        "Dropped rooms of a node whose lease ran out that had nothing logged", metadata: ["rooms": "\(dropped)"])
    }
    guard !logs.isEmpty || !adopted.isEmpty else { return }
    self.membership.withLock { membership in
      for (room, epoch) in epochs where logs[room] != nil || adopted.contains(room) { membership.epochs[room] = epoch }
    }
    if !adopted.isEmpty {
      self.notices.notice(
        "Took over rooms the shared queue made for a node whose lease ran out, to open them",
        metadata: ["rooms": "\(adopted.count)"])
    }
    guard !logs.isEmpty else { return }
    self.notices.notice("Took over rooms of a node whose lease ran out", metadata: ["rooms": "\(logs.count)"])
    self.continuation.yield(.roomsTakenOver(logs))
  }

  // MARK: - Fencing writes

  /// Registers the rooms opened in `writes` (owned by this node at epoch 1), then checks, with
  /// their directory rows locked until the commit, that this node owns every room `writes` are
  /// for at the epoch it knows; returns the rooms it does not own, and tells the server.
  func fence(_ connection: PostgresConnection, _ logger: Logger, _ writes: [PostgresWrites.Write]) async throws -> Set<
    RoomID
  > {
    let rooms = Set(writes.compactMap(\.room))
    guard !rooms.isEmpty else { return [] }
    let (node, known) = self.membership.withLock { ($0.node, $0.epochs) }
    guard let node else {
      self.tellLost(Dictionary(uniqueKeysWithValues: rooms.map { ($0, nil) }))
      return rooms
    }
    var opened: [RoomID: [PlayerID]] = [:]
    for write in writes {
      guard let room = write.room, let seats = write.seats else { continue }
      opened[room] = seats
    }
    let new = opened.keys.filter { known[$0] == nil }.map(\.rawValue)
    if !new.isEmpty {
      try await connection.query(
        """
        INSERT INTO room (id, owner, epoch) SELECT unnest(\(new)::text[]), \(node), 1
        ON CONFLICT (id) DO NOTHING
        """,
        logger: logger)
    }
    var owned: [RoomID: Int64] = [:]
    var lost: [RoomID: RoomPlacement?] = [:]
    let ids = rooms.map(\.rawValue)
    for try await (room, owner, epoch, url) in try await connection.query(
      """
      SELECT room.id, room.owner, room.epoch, node.url FROM room LEFT JOIN node ON node.id = room.owner
      WHERE room.id = ANY(\(ids)::text[]) FOR SHARE OF room
      """,
      logger: logger
    ).decode((String, Int64, Int64, String?).self) {
      let id = RoomID(rawValue: room)
      // NB: A room this node opens is its own at whatever epoch the directory says: 1 when the
      //     node or its pairing made it, more when the node took it over before it opened.
      let expected = known[id] ?? (new.contains(room) ? epoch : nil)
      if owner == node, epoch == expected {
        owned[id] = epoch
      } else {
        lost[id] = url.map { RoomPlacement(room: id, url: $0) }
      }
    }
    for room in rooms where owned[room] == nil && lost.index(forKey: room) == nil { lost[room] = .some(nil) }
    let players = opened.filter { owned[$0.key] != nil }
    if !players.isEmpty {
      let seatRooms = players.flatMap { room, seats in seats.map { _ in room.rawValue } }
      let seatPlayers = players.flatMap { $0.value.map(\.rawValue) }
      try await connection.query(
        """
        INSERT INTO room_player (room, player) SELECT * FROM unnest(\(seatRooms)::text[], \(seatPlayers)::text[])
        ON CONFLICT DO NOTHING
        """,
        logger: logger)
    }
    var leftRooms: [String] = []
    var leftPlayers: [String] = []
    for write in writes {
      guard let room = write.room, owned[room] != nil, let leaves = write.leaves else { continue }
      for player in leaves {
        leftRooms.append(room.rawValue)
        leftPlayers.append(player.rawValue)
      }
    }
    if !leftRooms.isEmpty {
      try await connection.query(
        """
        DELETE FROM room_player USING unnest(\(leftRooms)::text[], \(leftPlayers)::text[]) AS m(room, player)
        WHERE room_player.room = m.room AND room_player.player = m.player
        """,
        logger: logger)
    }
    let closing = writes.filter { $0.closesRoom }.compactMap(\.room).filter { owned[$0] != nil }.map(\.rawValue)
    if !closing.isEmpty {
      try await connection.query("DELETE FROM room WHERE id = ANY(\(closing)::text[])", logger: logger)
    }
    self.membership.withLock { membership in
      for (room, epoch) in owned { membership.epochs[room] = epoch }
      for room in closing { membership.epochs[RoomID(rawValue: room)] = nil }
      for room in lost.keys { membership.epochs[room] = nil }
    }
    if !lost.isEmpty { self.tellLost(lost) }
    return Set(lost.keys)
  }

  /// The rooms `writes` are for, with the epochs this node holds them at, for a commit that
  /// checks them itself (``PostgresCommit``); nil where only ``fence(_:_:_:)`` will do: a room
  /// opened (its people seated), one whose people leave or come back, or closed, or one this
  /// node does not know it holds.
  func heldRooms(_ writes: [PostgresWrites.Write]) -> PostgresCommit.Rooms? {
    guard writes.allSatisfy({ $0.seats == nil && $0.leaves == nil && !$0.closesRoom }) else { return nil }
    let rooms = Set(writes.compactMap(\.room))
    return self.membership.withLock { membership in
      guard let node = membership.node else { return nil }
      var held = PostgresCommit.Rooms(node: node)
      for room in rooms {
        guard let epoch = membership.epochs[room] else { return nil }
        held.ids.append(room.rawValue)
        held.epochs.append(epoch)
      }
      return held
    }
  }

  private func tellLost(_ rooms: [RoomID: RoomPlacement?]) {
    self.logger.warning("Another node owns rooms this one wrote to", metadata: ["rooms": "\(rooms.count)"])
    self.continuation.yield(.roomsLost(rooms))
  }

  // MARK: - Where rooms are

  // NB: A room whose node's lease ran out (or whose node is forgotten) is placed with a
  //     `retryAfter` instead of a node to go to: live nodes take it over within a heartbeat.
  private func placement(of player: PlayerID) async throws -> RoomPlacement? {
    let rows = try await self.client.query(
      """
      SELECT room.id, room.owner, coalesce(node.url, ''), coalesce(node.lease_until > now(), false) FROM room_player
      JOIN room ON room.id = room_player.room LEFT JOIN node ON node.id = room.owner
      WHERE room_player.player = \(player.rawValue) ORDER BY room_player.seated_at DESC LIMIT 1
      """,
      logger: self.logger)
    for try await (room, owner, url, isLive) in rows.decode((String, Int64, String, Bool).self) where owner != self.node
    {
      return self.placement(RoomID(rawValue: room), url: url, isLive: isLive)
    }
    return nil
  }

  private func location(of room: RoomID) async throws -> RoomPlacement? {
    let rows = try await self.client.query(
      """
      SELECT room.owner, coalesce(node.url, ''), coalesce(node.lease_until > now(), false)
      FROM room LEFT JOIN node ON node.id = room.owner WHERE room.id = \(room.rawValue)
      """,
      logger: self.logger)
    for try await (owner, url, isLive) in rows.decode((Int64, String, Bool).self) where owner != self.node {
      return self.placement(room, url: url, isLive: isLive)
    }
    return nil
  }

  // NB: A room of an earlier life of this node (killed and started again at the same address,
  //     its old lease not yet run out) is down too: sent there, a client would come back here.
  private func placement(_ room: RoomID, url: String, isLive: Bool) -> RoomPlacement {
    RoomPlacement(room: room, url: url, retryAfter: isLive && url != self.url ? nil : Self.takeoverRetry)
  }

  /// Seconds a client waits for a room whose node is down: live nodes take it over at their
  /// next heartbeat after the lease runs out.
  static var takeoverRetry: Int { Int(Self.heartbeat.components.seconds) }
}
