import ComposableArchitecture
import GameServerGame
import GameServerWire

/// Pairs players for games: public queues per game and mode, private rooms with invite codes,
/// and bots.
///
/// Queues pair first come, first served among players whose ratings are close enough; the
/// allowed gap widens the longer a player waits, and a player alone for `botAfter` gets bots.
/// A game for more than two fills within `gatherWait`, or then starts with the players found if
/// they are as many as its fewest (``Ticket/fewest``, at least two); fewer get bots for the seats
/// left after `botAfter`. A pairing is sent out as `.delegate(.matched(match))` for the server to seat.
///
/// ```swift
/// store.send(.enqueue("alice", GameVariant(game: "tictactoe"), rating: 1200))
/// store.send(.enqueue("bob", GameVariant(game: "tictactoe"), rating: 1250))
/// // -> .delegate(.matched(Match(variant: GameVariant(game: "tictactoe"), players: ["alice", "bob"], bots: 0)))
/// ```
@Reducer
public struct Matchmaking: Sendable {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    public var queues: [GameVariant: [Ticket]] = [:]
    /// This server's players waiting in queues it shares with other servers (``Action/wait(_:_:seats:rating:)``),
    /// which pair them.
    public var sharedQueues: [GameVariant: [Ticket]] = [:]
    /// Private rooms by invite code.
    public var privateRooms: [String: PrivateRoom] = [:]
    /// Time on the matchmaking clock, advanced by each tick.
    public var elapsed: Duration = .zero
    public var isTicking = false
    public var settings: Settings

    public init(settings: Settings = Settings()) {
      self.settings = settings
    }

    /// Whether the player waits in a queue, or in a private room as its host or a friend.
    public func isWaiting(_ player: PlayerID) -> Bool {
      self.queues.values.contains { $0.contains { $0.player == player } }
        || self.sharedQueues.values.contains { $0.contains { $0.player == player } }
        || self.privateRooms.values.contains { $0.contains(player) }
    }
  }

  public enum Action: Equatable, Sendable {
    /// Joins the public queue for a variant, for a game of `seats` players that starts with no
    /// fewer than `fewest` (the mode's fewest).
    case enqueue(PlayerID, GameVariant, seats: Int = 2, fewest: Int = 2, rating: Int)
    /// Waits in a queue that servers share (a cluster): the ticket is kept here, so that the
    /// player counts as waiting and can leave, but is paired by the shared queue, not here.
    case wait(PlayerID, GameVariant, seats: Int = 2, fewest: Int = 2, rating: Int)
    /// The shared queue paired these players (or lost their tickets): they wait here no more.
    case paired([PlayerID])
    /// Leaves every queue and private room (also on disconnect).
    case cancel(PlayerID)
    /// Starts a game against bots at once: the player and `seats - 1` bots.
    case playBot(PlayerID, GameVariant, seats: Int = 2, bot: String? = nil)
    /// Opens a private room for up to `seats` players, whose host may start it with `fewest` or
    /// more, and hands out its invite code.
    case createPrivateRoom(PlayerID, GameVariant, seats: Int = 2, fewest: Int = 2)
    /// Joins a friend's private room.
    case joinPrivateRoom(PlayerID, code: String)
    /// The host starts their private room with the friends who joined so far.
    case startPrivateRoom(PlayerID)
    case tick
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case matched(Match)
      case privateRoomCreated(PlayerID, code: String, GameVariant)
      /// Someone joined or left a private room for more than two that still waits; `by` is
      /// who did.
      case privateRoomChanged(code: String, PrivateRoom, by: PlayerID)
      /// The host left their private room: the friends who had joined wait no more.
      case privateRoomClosed(code: String, guests: [PlayerID])
      case rejected(PlayerID, MatchmakingError)
    }
  }

  enum CancelID { case ticks }

  @ResolvedDependency(\.continuousClock) var clock
  @ResolvedDependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .enqueue(player, variant, seats, fewest, rating):
        guard !state.isWaiting(player) else { return .send(.delegate(.rejected(player, .alreadyWaiting))) }
        state.queues[variant, default: []].append(
          Ticket(player: player, rating: rating, enqueuedAt: state.elapsed, seats: seats, fewest: fewest))
        let matches = state.pair(variant)
        return .merge(self.announce(matches), self.startTicking(&state), self.stopTickingIfIdle(&state))

      case let .wait(player, variant, seats, fewest, rating):
        guard !state.isWaiting(player) else { return .send(.delegate(.rejected(player, .alreadyWaiting))) }
        state.sharedQueues[variant, default: []].append(
          Ticket(player: player, rating: rating, enqueuedAt: state.elapsed, seats: seats, fewest: fewest))
        return .none

      case let .paired(players):
        let paired = Set(players)
        for variant in state.sharedQueues.keys { state.sharedQueues[variant]?.removeAll { paired.contains($0.player) } }
        state.sharedQueues = state.sharedQueues.filter { !$0.value.isEmpty }
        return .none

      case let .cancel(player):
        guard state.isWaiting(player) else { return .send(.delegate(.rejected(player, .notWaiting))) }
        for variant in state.queues.keys { state.queues[variant]?.removeAll { $0.player == player } }
        state.queues = state.queues.filter { !$0.value.isEmpty }
        for variant in state.sharedQueues.keys { state.sharedQueues[variant]?.removeAll { $0.player == player } }
        state.sharedQueues = state.sharedQueues.filter { !$0.value.isEmpty }
        var effects = [self.stopTickingIfIdle(&state)]
        for (code, room) in state.privateRooms where room.contains(player) {
          if room.host == player {
            state.privateRooms[code] = nil
            if !room.guests.isEmpty {
              effects.append(.send(.delegate(.privateRoomClosed(code: code, guests: room.guests))))
            }
          } else {
            state.privateRooms[code]?.guests.removeAll { $0 == player }
            effects.append(.send(.delegate(.privateRoomChanged(code: code, state.privateRooms[code]!, by: player))))
          }
        }
        return .merge(effects)

      case let .playBot(player, variant, seats, bot):
        guard !state.isWaiting(player) else { return .send(.delegate(.rejected(player, .alreadyWaiting))) }
        return .send(
          .delegate(.matched(Match(variant: variant, players: [player], bots: max(1, seats - 1), botLevel: bot))))

      case let .createPrivateRoom(player, variant, seats, fewest):
        guard !state.isWaiting(player) else { return .send(.delegate(.rejected(player, .alreadyWaiting))) }
        var code: String
        repeat {
          code = self.withRandomNumberGenerator { InviteCode.make(using: &$0) }
        } while state.privateRooms[code] != nil
        state.privateRooms[code] = PrivateRoom(host: player, variant: variant, seats: seats, fewest: fewest)
        return .send(.delegate(.privateRoomCreated(player, code: code, variant)))

      case let .joinPrivateRoom(player, code):
        let code = InviteCode.normalize(code)
        guard var room = state.privateRooms[code] else {
          return .send(.delegate(.rejected(player, .unknownInviteCode(code))))
        }
        guard room.host != player else { return .send(.delegate(.rejected(player, .ownInviteCode))) }
        guard !state.isWaiting(player) else { return .send(.delegate(.rejected(player, .alreadyWaiting))) }
        room.guests.append(player)
        guard room.players.count < room.seats else {
          state.privateRooms[code] = nil
          return .send(
            .delegate(.matched(Match(variant: room.variant, players: room.players, bots: 0, isPrivate: true))))
        }
        state.privateRooms[code] = room
        return .send(.delegate(.privateRoomChanged(code: code, room, by: player)))

      case let .startPrivateRoom(player):
        guard let (code, room) = state.privateRooms.first(where: { $0.value.host == player }) else {
          return .send(.delegate(.rejected(player, .notHost)))
        }
        let fewest = max(2, room.fewest)
        guard room.players.count >= fewest else {
          return .send(.delegate(.rejected(player, .tooFewPlayers(fewest: fewest))))
        }
        state.privateRooms[code] = nil
        return .send(.delegate(.matched(Match(variant: room.variant, players: room.players, bots: 0, isPrivate: true))))

      case .tick:
        state.elapsed += state.settings.tickInterval
        var matches: [Match] = []
        for variant in state.queues.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
          matches += state.pair(variant)
        }
        return .merge(self.announce(matches), self.stopTickingIfIdle(&state))

      case .delegate:
        return .none
      }
    }
  }

  private func announce(_ matches: [Match]) -> Effect<Action> {
    .merge(matches.map { .send(.delegate(.matched($0))) })
  }

  private func startTicking(_ state: inout State) -> Effect<Action> {
    guard !state.isTicking, !state.queues.isEmpty else { return .none }
    state.isTicking = true
    let interval = state.settings.tickInterval
    return .run { [clock] send in
      while true {
        try await clock.sleep(for: interval)
        await send(.tick)
      }
    }
    .cancellable(id: CancelID.ticks, cancelInFlight: true)
  }

  private func stopTickingIfIdle(_ state: inout State) -> Effect<Action> {
    guard state.isTicking, state.queues.isEmpty else { return .none }
    state.isTicking = false
    return .cancel(id: CancelID.ticks)
  }
}
