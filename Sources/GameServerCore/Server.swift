import ComposableArchitecture
import Foundation
import GameServerDatabase
import GameServerGame
import GameServerLogin
import GameServerMatchmaking
import GameServerRatings
import GameServerRoom
import GameServerWire

/// The whole game server as one reducer: connections and sessions, login, matchmaking and the
/// rooms. It knows nothing of sockets: a transport sends `.connected`, `.received` and
/// `.disconnected`, and takes messages from the `clientChannel` dependency.
///
/// After each room action only the connections whose view of that room changed get a message;
/// the work does not depend on how many other rooms or connections there are. A view goes out
/// once the room-log line it shows is committed; a room whose log cannot be written stops
/// taking moves, tells its players `unavailable`, and goes on when a snapshot mends its log.
///
/// ```swift
/// let store = Store(initialState: Server.State()) { Server() }
/// store.send(.task)   // listens to the database's storage events
/// store.send(.connected(ConnectionID(1)))
/// store.send(.received(ConnectionID(1), try ClientRequest.decode(#"{"v":1,"type":"guest","name":"ada"}"#)))
/// ```
@Reducer
public struct Server: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var connections: [ConnectionID: Connection] = [:]
    /// Logged-in players, also while they are disconnected from a room.
    public var sessions: [PlayerID: Session] = [:]
    public var login = Login.State()
    public var matchmaking: Matchmaking.State
    public var rooms: IdentifiedArrayOf<Room.State> = []
    /// The sequence of each room's next log line (they count up over the room's life).
    public var nextLogSequence: [RoomID: Int] = [:]
    /// Rooms whose log could not be written (paused): they take no moves, and what their
    /// clocks, bots and seats do meanwhile is dropped, until a snapshot mends their log; then
    /// their seats catch up and their clocks start again in full.
    public var unavailableRooms: Set<RoomID> = []
    /// Paused rooms whose mending snapshot is on its way: not snapshotted again meanwhile.
    public var mendingRooms: Set<RoomID> = []
    /// Whether the database's writes are failing now: no room opens meanwhile.
    public var isStorageFailing = false
    /// Finished games not yet known to be recorded, by room: written again with the snapshot
    /// that mends a room whose last lines failed.
    public var unrecordedGames: [RoomID: GameRecord] = [:]
    /// In a cluster, the invite codes of this node's waiting private rooms that the other nodes
    /// have been told of.
    public var publishedCodes: Set<String> = []
    /// The lobby as pushed to its watchers (`watchLobby`).
    public var lobby = LobbyWatch()
    /// The connections whose `replay` is being read and played: one each at a time, and at
    /// most `Settings.replaysAtOnce` in all.
    public var replaysInFlight: Set<ConnectionID> = []
    public var settings: Settings

    public init(settings: Settings = Settings()) {
      self.settings = settings
      self.matchmaking = Matchmaking.State(settings: settings.matchmaking)
    }
  }

  /// An open connection.
  public struct Connection: Equatable, Sendable {
    public var player: PlayerID?

    public init(player: PlayerID? = nil) { self.player = player }
  }

  /// A logged-in player.
  public struct Session: Equatable, Sendable {
    public var identity: Identity
    public var connection: ConnectionID?
    /// The room the player has a seat in.
    public var room: RoomID?
    /// The room the player watches.
    public var spectating: RoomID?
    /// The id of the player's latest request, for answers that come later (a rejected move).
    public var lastRequestID: String?
    /// The hash of the token this session was last given: what logging out revokes.
    public var tokenHash: String?
    /// The id of a playBot or joinRoom request, answered by the room it opens.
    public var roomRequestID: String?
    /// Whether the player watches the lobby (`watchLobby`), and whose leaderboard: the game
    /// chosen, if any.
    public var watchesLobby = false
    public var lobbyVariant: GameVariant?
    /// In a cluster, the `queue` request whose ticket is being stored: answered `queued` once
    /// it is (``ClusterEvent/queued(_:)``), and never if it is not.
    public var queueRequest: QueueRequest?
    /// When the player last said a phrase (`chat`), by the `date` dependency.
    public var lastChat: Date?

    public init(identity: Identity, connection: ConnectionID?, room: RoomID? = nil) {
      self.identity = identity
      self.connection = connection
      self.room = room
    }
  }

  /// A `queue` request waiting for its ticket to be stored in a cluster's shared queue.
  public struct QueueRequest: Equatable, Sendable {
    public var variant: GameVariant
    public var requestID: String?

    public init(variant: GameVariant, requestID: String?) {
      self.variant = variant
      self.requestID = requestID
    }
  }

  /// What a look-up of where a room lives in a cluster is for (``Action/located(_:_:_:failed:)``).
  public enum Lookup: Equatable, Sendable {
    /// The player's own room, after a login: `retries` counts the look-ups made again while the
    /// room's node was down.
    case ownRoom(PlayerID, retries: Int)
    /// A room asked to watch.
    case spectate(RoomID, requestID: String?)
    /// A request that seats the player (`queue`, `playBot`, `createRoom`, `joinRoom`): carried
    /// out only when no room of theirs is open on another node.
    case seat(PlayerID, ClientRequest)
  }

  /// How many times a node looks again for a player's room whose node is down, a
  /// ``RoomPlacement/retryAfter`` apart, before it stops (the player may log in again).
  public static let roomLookups = 30

  /// The server's knobs.
  public struct Settings: Equatable, Sendable {
    /// How long a player has for a move in a turn-based game.
    public var moveTimeLimit: Duration = .seconds(30)
    public var raceDuration: Duration = .seconds(180)
    public var turnLimit = 40
    /// How long a player has for a turn of the word grid's turns (a turn not taken passes).
    public var turnTimeLimit: Duration = .seconds(60)

    /// The limits every new game gets.
    public var limits: GameLimits {
      GameLimits(
        moveTimeLimit: self.moveTimeLimit, raceDuration: self.raceDuration, turnLimit: self.turnLimit,
        turnTimeLimit: self.turnTimeLimit)
    }
    public var gracePeriod: Duration = .seconds(30)
    public var matchmaking = Matchmaking.Settings()
    /// The level bots play at, by game id (a game's `defaultBot` for a game not named here).
    public var bots: [String: String] = [:]
    public var leaderboardSize = 20
    /// The most rooms a `rooms` answer lists.
    public var roomListSize = 50
    /// The most games a `history` answer lists.
    public var historySize = 20
    /// The least time between two pushes of the lobby's live list (or of one leaderboard) to
    /// its watchers: what bounds the work many watchers cost.
    public var lobbyPushInterval: Duration = .seconds(2)
    /// How many games a room's log may span: the game after that many (a rematch) starts the
    /// log again from a snapshot, so a room that plays on does not keep a log of every game.
    public var gamesPerRoomLog = 16
    /// The least time between two of a player's phrases in a room (`chat`); one sooner is
    /// refused (`rate_limited`, with `retryAfter`).
    public var chatInterval: Duration = .seconds(2)
    /// How many `replay` requests the server reads and plays at once, all connections together
    /// (each connection one at a time); one more is refused (`rate_limited`, with `retryAfter`).
    public var replaysAtOnce = 4
    /// The largest `replay` answer sent, in bytes (below the transport's default 1 MiB a reader
    /// may have queued); a longer game's is refused (`replay_too_large`).
    public var replayByteLimit = 768 * 1024

    public init() {}
  }

  public enum Action: Equatable, Sendable {
    /// Starts listening to the database's ``StorageEvent``s: send it once, when the server
    /// starts.
    case task
    case connected(ConnectionID)
    case disconnected(ConnectionID)
    case received(ConnectionID, ClientRequest)
    /// A message the transport refused (it could not read it, or the peer sends too fast):
    /// answered with the error.
    case malformed(ConnectionID, ProtocolError)
    case login(Login.Action)
    case matchmaking(Matchmaking.Action)
    case rooms(IdentifiedActionOf<Room>)
    case leaderboardLoaded(ConnectionID, GameVariant, [LeaderboardEntry], requestID: String?)
    /// A player's last games, read for `history`.
    case historyLoaded(ConnectionID, [GameSummary], requestID: String?)
    /// A finished game read and played for `replay`, or why not.
    case replayLoaded(ConnectionID, Result<ReplayFrames, ProtocolError>, requestID: String?)
    /// A finished game is recorded, with its people's ratings before and after it, as stored.
    case ratingsRecorded(RoomID, GameVariant, [PlayerID: RatingUpdate])
    /// Failures and recoveries of the database's writes.
    case storage(StorageEvent)
    /// Rooms rebuilt from their logs after a restart, with the sequence their logs go on from.
    case restore([Room.State], nextLogSequence: [RoomID: Int])
    /// News of the cluster this server is a node of: rooms it lost, or its lease.
    case cluster(ClusterEvent)
    /// Where a room looked up lives, if on another node, or that the look-up `failed`: answered
    /// as the ``Lookup`` says (`moved`, `unavailable` with `retryAfter` while its node is down,
    /// `unknown_room`, `already_in_room`, or the request carried out).
    case located(ConnectionID, Lookup, RoomPlacement?, failed: Bool)
    /// Where the private room with an invite code asked for (not waiting here) waits, if on
    /// another node: answered with `joinElsewhere`, or else joined here (which says the code is
    /// unknown).
    case privateRoomLocated(ConnectionID, code: String, url: String?, requestID: String?)
    /// A logged-in connection handed over by another room shard of this process
    /// (``ShardHandOff``): its events come here from now on.
    case adopted(ConnectionID, Adoption)
    /// A player seated in a room opened here for them, whose connection was to come from
    /// another room shard (``handOverWait``): away now if it did not.
    case handOverDue(RoomID, PlayerID)
    /// A room nobody is left in closes: it is removed through the rooms' `forEach`, which
    /// cancels what it still had running (clocks, bots' thinking). The server runs it itself, as
    /// the room's last action.
    case roomClosed(RoomID)
    /// The lobby's watchers get what changed in it since the last push.
    case pushLobby
    /// A leaderboard read for the lobby's watchers of its game.
    case lobbyLeaderboardLoaded(GameVariant, [LeaderboardEntry])
  }

  /// What the lobby's watchers were last sent, and what has changed since.
  public struct LobbyWatch: Equatable, Sendable {
    /// The players who watch it (a session's `watchesLobby`).
    public var watchers: Set<PlayerID> = []
    /// Whether a push is on its way (after `lobbyPushInterval`).
    public var isPushPending = false
    /// The live list as last pushed.
    public var rooms: [RoomListing]?
    /// Games rated since the last push, whose leaderboards go out with it.
    public var ratedVariants: Set<GameVariant> = []
    /// Whether the list is shared with the other room shards of the process: it is pushed (and
    /// told them) when it changes, also with no watcher here.
    public var isShared = false

    public init() {}
  }

  @ResolvedDependency(\.clientChannel) var channel
  @ResolvedDependency(\.continuousClock) var clock
  @ResolvedDependency(\.cluster) var cluster
  @ResolvedDependency(\.database) var database
  @ResolvedDependency(\.date) var date
  @ResolvedDependency(\.games) var games
  @ResolvedDependency(\.shardHandOff) var handOff
  @ResolvedDependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.login, action: \.login) { Login() }
    Scope(state: \.matchmaking, action: \.matchmaking) { Matchmaking() }
    Reduce { state, action in
      let effect = self.core(&state, action)
      // NB: A private room opens or closes at most one per action: counting tells.
      guard self.$cluster.read(\.isClustered), state.matchmaking.privateRooms.count != state.publishedCodes.count else {
        return effect
      }
      return .merge(effect, self.publishPrivateRooms(&state))
    }
    RoomRelay(channel: self.channel, database: self.database) {
      Self.rooms
    }
  }

  /// The rooms, each run by ``Room`` with its effects tied to it (cancelled when it closes).
  // NB: Made once: building a `forEach` makes its key paths, which costs more than running it.
  // It holds no state and reads its dependencies when it runs, so one serves every store.
  nonisolated(unsafe) static let rooms = Reduce<State, Action> { state, action in
    // NB: Removed here, inside the `forEach`, so that it cancels the room's effects.
    if case let .roomClosed(id) = action { state.rooms.remove(id: id) }
    return .none
  }
  .forEach(\.rooms, action: \.rooms) { Room() }

  /// Removes the rooms another node of the cluster owns now (all of them when the lease is
  /// lost), through the rooms' `forEach`, which cancels their effects (clocks, bots).
  nonisolated(unsafe) static let lostRooms = Reduce<State, Action> { state, action in
    switch action {
    case let .cluster(.roomsLost(rooms)):
      for id in rooms.keys { state.rooms.remove(id: id) }
    case .cluster(.leaseLost):
      state.rooms.removeAll()
    default:
      break
    }
    return .none
  }
  .forEach(\.rooms, action: \.rooms) { Room() }
}
