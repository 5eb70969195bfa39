import ComposableArchitecture
import Foundation
import GameServerDatabase
import GameServerGame
import GameServerLogin
import GameServerRoom
import GameServerWire

/// How a room shard of a process hands a connection to another: the shards of one process are
/// the nodes of an in-process cluster (``RoomShards``), whose addresses (`shard:1`, `shard:2`,
/// ...) name no server to connect to. Where a node of a cluster would send a player elsewhere
/// (`moved`, `joinElsewhere`), a shard gives the player's connection, with the session, to the
/// shard that has the room: the client sees nothing of it.
///
/// ```swift
/// withDependencies {
///   $0.cluster = shards.cluster(for: 0)
///   $0.shardHandOff = shards.handOff(for: 0) { shard, adoption in stores[shard].send(adoption) }
/// } operation: { ... }
/// ```
public struct ShardHandOff: Sendable {
  /// Whether this server is a room shard of a process.
  public var isShard: Bool
  /// The room a player is seated in on any shard of the process, if any: what a `welcome`
  /// names before the connection is handed to that room's shard.
  public var room: @Sendable (PlayerID) -> RoomID?
  /// Tells the other shards this shard's live rooms (newest first), when they changed.
  public var publishRooms: @Sendable ([RoomListing]) -> Void
  /// The other shards' live rooms, as each last told them (newest first).
  public var otherRooms: @Sendable () -> [[RoomListing]]
  /// The shard an address names, if it names a shard of this process.
  public var shard: @Sendable (_ url: String) -> Int?
  /// Gives a connection to `shard`, whose store is to get `adoption` (a
  /// ``Server/Action/adopted(_:_:)``) before any later event of the connection.
  public var handOver: @Sendable (_ connection: ConnectionID, _ shard: Int, _ adoption: Server.Action) -> Void

  public init(
    isShard: Bool = true,
    room: @escaping @Sendable (PlayerID) -> RoomID? = { _ in nil },
    publishRooms: @escaping @Sendable ([RoomListing]) -> Void = { _ in },
    otherRooms: @escaping @Sendable () -> [[RoomListing]] = { [] },
    shard: @escaping @Sendable (String) -> Int?,
    handOver: @escaping @Sendable (ConnectionID, Int, Server.Action) -> Void
  ) {
    self.isShard = isShard
    self.room = room
    self.publishRooms = publishRooms
    self.otherRooms = otherRooms
    self.shard = shard
    self.handOver = handOver
  }

  /// A server that is not a shard: every address is another server's.
  public static let none = ShardHandOff(isShard: false, shard: { _ in nil }, handOver: { _, _, _ in })
}

extension ShardHandOff: DependencyKey {
  public static let liveValue = ShardHandOff.none
  public static let testValue = ShardHandOff.none
}

extension DependencyValues {
  /// How this server, when it is a room shard of a process, hands connections to the others.
  public var shardHandOff: ShardHandOff {
    get { self[ShardHandOff.self] }
    set { self[ShardHandOff.self] = newValue }
  }
}

extension Server {
  /// A logged-in connection handed from another shard of the process, and the request it is to
  /// carry out here, if any (a `joinRoom` whose private room waits here, a `spectate`).
  public struct Adoption: Equatable, Sendable {
    public var identity: Identity
    public var tokenHash: String?
    public var then: ClientRequest?
    /// When the player last said a phrase: the chat interval holds across shards.
    public var lastChat: Date?
    /// Whether the player watches the lobby, and whose leaderboard.
    public var watchesLobby = false
    public var lobbyVariant: GameVariant?

    public init(
      identity: Identity, tokenHash: String?, then: ClientRequest? = nil, lastChat: Date? = nil,
      watchesLobby: Bool = false,
      lobbyVariant: GameVariant? = nil
    ) {
      self.identity = identity
      self.tokenHash = tokenHash
      self.then = then
      self.lastChat = lastChat
      self.watchesLobby = watchesLobby
      self.lobbyVariant = lobbyVariant
    }
  }

  /// How long a room shard waits for a player's connection, handed over from another shard,
  /// before their seat in a room opened for them here is away (and its grace period starts).
  public static let handOverWait: Duration = .seconds(2)

  /// A player whose room opened here while their connection was on another shard: away now,
  /// unless the connection came meanwhile.
  func handOverDue(_ state: inout State, _ roomID: RoomID, _ player: PlayerID) -> Effect<Action> {
    guard state.sessions[player]?.connection == nil, let room = state.rooms[id: roomID],
      room.seats.contains(where: { $0.player == player && $0.isConnected })
    else { return .none }
    return self.room(&state, roomID, .event(.disconnected(player)))
  }

  /// Sends the player on `connection` to the room at `placement`: told `moved` when it is
  /// another server's; handed over, with the session, when it is another shard of this process.
  func sendElsewhere(_ state: inout State, _ connection: ConnectionID, _ placement: RoomPlacement) -> Effect<Action> {
    guard let shard = self.handOff.shard(placement.url) else {
      return self.reply(connection, .moved(placement.room, url: placement.url))
    }
    return self.handOver(&state, connection, to: shard, then: nil)
  }

  /// Gives the connection and its player's session to another shard (which then carries out
  /// `request`, if any): the player stops watching here and waiting here; a seat here cannot
  /// be (a player has one seat, and it is in the other shard's room).
  func handOver(_ state: inout State, _ connection: ConnectionID, to shard: Int, then request: ClientRequest?)
    -> Effect<Action>
  {
    guard let player = state.connections[connection]?.player, let session = state.sessions[player],
      session.connection == connection
    else { return .none }
    var effects: [Effect<Action>] = []
    state.connections[connection] = nil
    state.sessions[player]?.connection = nil
    state.sessions[player]?.spectating = nil
    if session.room == nil { state.sessions[player] = nil }
    state.lobby.watchers.remove(player)
    if state.matchmaking.isWaiting(player) { effects.append(self.cancelWaiting(&state, player)) }
    if let room = session.spectating { effects.append(self.room(&state, room, .stopSpectating(player))) }
    if let room = session.room { effects.append(self.room(&state, room, .event(.disconnected(player)))) }
    let adoption = Adoption(
      identity: session.identity, tokenHash: session.tokenHash, then: request, lastChat: session.lastChat,
      watchesLobby: session.watchesLobby, lobbyVariant: session.lobbyVariant)
    effects.append(.perform { [handOff] in handOff.handOver(connection, shard, .adopted(connection, adoption)) })
    return .merge(effects)
  }

  /// A connection handed over by another shard: its player's session is here now, with the
  /// player's room if it is here (shown, and the seat back), and its request is carried out.
  func adopt(_ state: inout State, _ connection: ConnectionID, _ adoption: Adoption) -> Effect<Action> {
    let player = adoption.identity.player
    var effects: [Effect<Action>] = []
    state.connections[connection] = Connection(player: player)
    var session = state.sessions[player] ?? Session(identity: adoption.identity, connection: connection)
    if let replaced = self.replacePreviousConnection(&state, session, with: connection) { effects.append(replaced) }
    session.identity = adoption.identity
    session.connection = connection
    session.tokenHash = adoption.tokenHash
    session.lastChat = adoption.lastChat
    session.watchesLobby = adoption.watchesLobby
    session.lobbyVariant = adoption.lobbyVariant
    state.sessions[player] = session
    if adoption.watchesLobby { state.lobby.watchers.insert(player) }
    effects.append(self.rejoinRoom(&state, player, on: connection))
    if let request = adoption.then {
      effects.append(self.route(&state, connection, request, seatChecked: true))
    }
    return .merge(effects)
  }
}
