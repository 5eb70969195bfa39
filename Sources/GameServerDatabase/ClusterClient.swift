import Dependencies
import Foundation
import GameServerGame
import GameServerWire

/// A server's place in a cluster of servers (nodes) that share PostgreSQL: which node owns each
/// open room, and news of rooms changing hands. Outside a cluster (``standalone``) every room is
/// this server's own and no news comes.
///
/// A node owns the rooms it opens. When a node stops renewing its lease, live nodes take its
/// rooms over (each replays the logs of those it took); a node whose lease ran out, or that
/// finds another node owns a room it wrote to, stops serving those rooms.
///
/// ```swift
/// @Dependency(\.cluster) var cluster
/// if let placement = try await cluster.placement(player) {   // the player's room is elsewhere
///   channel.send(connection, .moved(placement))
/// }
/// ```
public struct ClusterClient: Sendable {
  /// Whether this server is a node of a cluster (false for ``standalone``).
  public var isClustered: Bool
  /// Where the open room a player has a seat in (and has not left) lives, if another node owns
  /// it.
  public var placement: @Sendable (PlayerID) async throws -> RoomPlacement?
  /// Where a room lives, if another node owns it.
  public var location: @Sendable (RoomID) async throws -> RoomPlacement?
  /// The cluster's news for this node, for one reader.
  public var events: @Sendable () -> AsyncStream<ClusterEvent>
  /// Tells the other nodes that a player logged in here, on a connection: a connection of theirs
  /// on another node is told `logged_in_elsewhere` (``ClusterEvent/loggedInElsewhere(_:connection:)``).
  public var loggedIn: @Sendable (PlayerID, ConnectionID) async throws -> Void
  /// When the account `name` stays locked until, after too many wrong passwords on any node.
  public var lockedUntil: @Sendable (_ name: String, _ now: Date) async throws -> Date?
  /// Counts a wrong password for `name` on any node; the `maxFailures`th in a row locks the
  /// account for `lockout` seconds.
  public var failedLogin:
    @Sendable (_ name: String, _ now: Date, _ maxFailures: Int, _ lockout: TimeInterval) async throws -> Void
  /// A right password for `name`: its count of wrong ones starts again.
  public var succeededLogin: @Sendable (_ name: String) async throws -> Void
  /// Puts a player in the queue all nodes share (in order with ``leaveQueue``): this node hears
  /// ``ClusterEvent/queued(_:)`` once the ticket is stored, or ``ClusterEvent/queueFailed(_:)``
  /// when it is not; whichever node pairs finds the player a room, on the node of the group's
  /// oldest ticket, and this node hears of it in ``ClusterEvent/matched(rooms:elsewhere:)``.
  public var enqueue: @Sendable (QueueTicket) -> Void
  /// Takes a player's ticket out of the shared queue, unless it is already paired.
  public var leaveQueue: @Sendable (PlayerID) -> Void
  /// Tells the other nodes that the private room with this invite code waits here (in order
  /// with ``withdrawPrivateRoom``).
  public var publishPrivateRoom: @Sendable (_ code: String) -> Void
  /// The private room with this code waits here no more (it started, or its host left).
  public var withdrawPrivateRoom: @Sendable (_ code: String) -> Void
  /// The address of the node where the private room with this code waits, if another node.
  public var privateRoomLocation: @Sendable (_ code: String) async throws -> String?

  public init(
    isClustered: Bool = true,
    placement: @escaping @Sendable (PlayerID) async throws -> RoomPlacement?,
    location: @escaping @Sendable (RoomID) async throws -> RoomPlacement?,
    events: @escaping @Sendable () -> AsyncStream<ClusterEvent>,
    loggedIn: @escaping @Sendable (PlayerID, ConnectionID) async throws -> Void = { _, _ in },
    lockedUntil: @escaping @Sendable (String, Date) async throws -> Date? = { _, _ in nil },
    failedLogin: @escaping @Sendable (String, Date, Int, TimeInterval) async throws -> Void = { _, _, _, _ in },
    succeededLogin: @escaping @Sendable (String) async throws -> Void = { _ in },
    enqueue: @escaping @Sendable (QueueTicket) -> Void = { _ in },
    leaveQueue: @escaping @Sendable (PlayerID) -> Void = { _ in },
    publishPrivateRoom: @escaping @Sendable (String) -> Void = { _ in },
    withdrawPrivateRoom: @escaping @Sendable (String) -> Void = { _ in },
    privateRoomLocation: @escaping @Sendable (String) async throws -> String? = { _ in nil }
  ) {
    self.isClustered = isClustered
    self.placement = placement
    self.location = location
    self.events = events
    self.loggedIn = loggedIn
    self.lockedUntil = lockedUntil
    self.failedLogin = failedLogin
    self.succeededLogin = succeededLogin
    self.enqueue = enqueue
    self.leaveQueue = leaveQueue
    self.publishPrivateRoom = publishPrivateRoom
    self.withdrawPrivateRoom = withdrawPrivateRoom
    self.privateRoomLocation = privateRoomLocation
  }

  /// A server on its own: every room is here, and its lockouts are its own (``Login``'s state).
  public static let standalone = ClusterClient(
    isClustered: false, placement: { _ in nil }, location: { _ in nil }, events: { AsyncStream { $0.finish() } })
}

/// A room on another node, and the address clients reach that node at; or, when that node's
/// lease has run out (it stopped, and a live node is to take the room over), how long to wait
/// before asking again: a client is never sent to a node that is down.
public struct RoomPlacement: Hashable, Sendable {
  public var room: RoomID
  public var url: String
  /// Seconds until a live node has likely taken the room over, when the room's node is down
  /// (nil when it is up).
  public var retryAfter: Int?

  public init(room: RoomID, url: String, retryAfter: Int? = nil) {
    self.room = room
    self.url = url
    self.retryAfter = retryAfter
  }

  /// Whether the room's node is up: a client may be sent to `url`.
  public var isReachable: Bool { self.retryAfter == nil }
}

/// What the cluster tells a node.
public enum ClusterEvent: Hashable, Sendable {
  /// Rooms of a node whose lease ran out are this node's now, with their logs (each in
  /// sequence order) to replay.
  case roomsTakenOver([RoomID: [RoomLogEntry]])
  /// Another node owns these rooms now (this node's writes to them were refused), with where
  /// each lives if that is known.
  case roomsLost([RoomID: RoomPlacement?])
  /// This node could not renew its lease in time: none of its rooms is its own any more.
  case leaseLost
  /// The player logged in on another node: a connection of theirs here is theirs no more. The
  /// `connection` they logged in on is named where connection ids are shared (the room shards
  /// of one process, ``RoomShards``): that one, handed here since, stays theirs.
  case loggedInElsewhere(PlayerID, connection: ConnectionID? = nil)
  /// The shared queue paired players: `rooms` are this node's to open (their ids are already
  /// this node's in the directory), and `elsewhere` are this node's waiting players whose room
  /// another node opens.
  case matched(rooms: [SharedMatch], elsewhere: [PlayerID: RoomPlacement])
  /// These players' tickets could not be stored in the shared queue (or were dropped with the
  /// node's lease): they wait no more.
  case queueFailed([PlayerID])
  /// These players' tickets are stored in the shared queue: they wait in it (what `queued`
  /// answers, and only then).
  case queued([PlayerID])
  /// The live rooms of another room shard of this process changed (``ShardHandOff``): the
  /// lobby's watchers here get the list again. (Nodes of a PostgreSQL cluster list their own.)
  case roomListChanged
}

extension ClusterClient: DependencyKey {
  public static let liveValue = ClusterClient.standalone
  public static let testValue = ClusterClient.standalone
}

extension DependencyValues {
  /// The cluster this server is a node of (``ClusterClient/standalone`` outside one).
  public var cluster: ClusterClient {
    get { self[ClusterClient.self] }
    set { self[ClusterClient.self] = newValue }
  }
}
