import ComposableArchitecture
import Foundation
import GameServerDatabase
import GameServerGame
import GameServerWire

/// A room: its game (any game of the catalog), its seats (people and bots) and its spectators.
///
/// The game runs in a `Scope` on ``State/game`` through ``RoomGameReducer``: moves, clock
/// events and forfeits reach it as `.game(...)` actions, as do its own effects. Seats and
/// spectators arrive as `.event(...)`. Bots think on the clock and play through the same moves
/// as people, and take a rematch they are offered at once. (The room sends itself the game's
/// moves and forfeits its events lead to, rather than run them inline: each is a line of the
/// room's log of its own, which a replay runs as it ran.) A seated player who drops keeps the
/// seat for `gracePeriod`, during a game or after it; past it they are gone (forfeiting a game in
/// progress), and a room whose people are all gone closes. A game that bots alone would play on,
/// with no person seated or watching, ends: its bots forfeit.
///
/// ```swift
/// let room = Room.State(id: "room-1", seats: [alice, bob], game: RoomGame(TicTacToe.self, state))
/// store.send(.start)
/// store.send(.game(.move("alice", AnyMove(TicTacToe.Move.mark(Cell(row: 1, column: 1))))))
/// ```
@Reducer
public struct Room: Sendable {
  @ObservableState
  public struct State: Equatable, Identifiable, Codable, Sendable {
    public let id: RoomID
    public var seats: [Seat]
    public var spectators: [PlayerID] = []
    public var game: RoomGame
    /// How long a dropped player keeps the seat (default 30 s).
    public var gracePeriod: Duration
    /// Whether the room is on the list of live rooms anyone may watch: a private room is not.
    public var isListed: Bool
    /// How the game ended when the room ended it (a player forfeited by staying away, left, or
    /// the bots of an abandoned game forfeited); nil while it goes on, and for the game's own
    /// endings, which its result says.
    public var end: RoomStatus.End?
    /// How the game ended by its own rules (its result's reason, and the one player who resigned
    /// or ran out of time): worked out once, as it ends, for the views that say it after.
    public var ending: RoomStatus.End?
    /// The games the room has finished and each seat's wins (nil before the first ends).
    public var series: RoomStatus.Series?

    public init(id: RoomID, seats: [Seat], game: RoomGame, gracePeriod: Duration = .seconds(30), isListed: Bool = false)
    {
      self.id = id
      self.seats = seats
      self.game = game
      self.gracePeriod = gracePeriod
      self.isListed = isListed
    }

    /// The game and mode the room plays.
    public var variant: GameVariant { self.game.variant }
  }

  public enum Action: Equatable, Sendable {
    /// Starts the game's clocks and the bots (also after a restart).
    case start
    /// A seat's event: disconnected, reconnected, grace expired, left. (Moves, clock events
    /// and forfeits go to the game: `.game(...)`.)
    case event(RoomEvent)
    case spectate(PlayerID)
    case stopSpectating(PlayerID)
    case game(GameInput)
    /// A bot's thinking time is up: it moves.
    case botThink(PlayerID)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case rejected(PlayerID, code: String, message: String)
      case finished(GameRecord)
    }

    /// The action that replays a line of a room's log.
    public init(replaying event: RoomEvent) {
      switch event {
      case let .play(player, move): self = .game(.move(player, move))
      case let .clock(event): self = .game(.clock(event))
      case let .forfeit(player): self = .game(.forfeit(player))
      default: self = .event(event)
      }
    }
  }

  enum CancelID: Hashable {
    case grace(PlayerID)
    case botTurn(PlayerID)
    case botLoop(PlayerID)
  }

  @ResolvedDependency(\.continuousClock) var clock
  @ResolvedDependency(\.date) var date
  @ResolvedDependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  public init() {}

  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.game, action: \.game) { RoomGameReducer() }
      self.core
    }
    // NB: Around the game too: a move is what changes whose turn it is.
    .onChange(of: \.botTurn) { previous, _ in
      Reduce { state, _ in self.scheduleBotTurn(state, after: previous) }
    }
  }

  private var core: some ReducerOf<Self> {
    Reduce { state, action in
      // NB: A rematch starts the next game: the room's ending was the last one's.
      if case .game = action {
        if state.end != nil || state.ending != nil, !state.game.isOver {
          state.end = nil
          state.ending = nil
        }
        // NB: Counted in the action that ends the game, whose view shows it.
        if state.game.isOver, (state.series?.played ?? 0) < state.gameNumber { Self.count(&state) }
      }
      switch action {
      case .start:
        // NB: The game starts within this action (its clocks, a move's deadline), not one later.
        let game = RoomGameReducer().reduce(into: &state.game, action: .start).map(Action.game)
        return .merge(game, self.startRaceBots(state), self.scheduleBotTurn(state))

      case let .event(event):
        return self.handle(event, &state)

      case let .spectate(player):
        if !state.spectators.contains(player), !state.seats.contains(where: { $0.player == player }) {
          state.spectators.append(player)
        }
        return .none

      case let .stopSpectating(player):
        state.spectators.removeAll { $0 == player }
        return self.endIfDeserted(state)

      case let .game(.action(action)):
        switch state.game.witness.signal(action) {
        case let .rejected(player, code, message)?:
          return .send(.delegate(.rejected(player, code: code, message: message)))
        case .ended?:
          state.ending = state.game.result.flatMap(RoomStatus.End.init(of:))
          var ended: Effect<Action> = .send(.delegate(.finished(state.result)))
          // NB: Only bots' seats run loops and turns (`startRaceBots`, `scheduleBotTurn`): a
          //     room of people ends its game with one effect, not a cancel per seat.
          for seat in state.seats where seat.bot != nil {
            ended = ended.merge(with: .cancel(id: CancelID.botLoop(seat.player)))
          }
          for seat in state.seats where seat.bot != nil {
            ended = ended.merge(with: .cancel(id: CancelID.botTurn(seat.player)))
          }
          return ended
        case nil:
          return .none
        }

      case let .game(.forfeit(player)):
        // NB: Every forfeit is sent while the game goes on (and logged where it was sent): one
        //     that finds the game over ended it.
        if state.end == nil, state.game.isOver, let seat = state.seats.first(where: { $0.player == player }) {
          let reason: GameEndReason = seat.bot != nil ? .abandoned : seat.awayUntil != nil ? .forfeit : .left
          state.end = RoomStatus.End(reason: reason, player: seat.bot != nil ? nil : player)
        }
        return self.endIfDeserted(state, after: player)

      case .game:
        return .none

      case let .botThink(bot):
        guard let move = self.botMove(for: bot, in: state) else { return .none }
        return .send(.game(.move(bot, move)))

      case .delegate:
        return .none
      }
    }
  }

  /// Adds the game that just ended to the series: a win for each first place (none for a draw).
  private static func count(_ state: inout State) {
    let winners = state.game.result?.winners ?? []
    var series =
      state.series
      ?? RoomStatus.Series(played: 0, wins: state.seats.map { RoomStatus.Series.Wins(player: $0.player, wins: 0) })
    series.played = state.gameNumber
    for index in series.wins.indices where winners.contains(series.wins[index].player) { series.wins[index].wins += 1 }
    state.series = series
  }

  private func handle(_ event: RoomEvent, _ state: inout State) -> Effect<Action> {
    switch event {
    case .play, .clock, .forfeit:
      // NB: Not a seat's event: as the log replays it.
      return .send(Action(replaying: event))

    case let .disconnected(player):
      guard let index = state.seats.firstIndex(where: { $0.player == player }) else { return .none }
      state.seats[index].isConnected = false
      // NB: Also after the game: the room (its result, a rematch) waits for the player as long.
      let grace = state.gracePeriod
      state.seats[index].awayUntil = self.date.now.addingTimeInterval(
        Double(grace.components.seconds) + Double(grace.components.attoseconds) / 1e18)
      return .send(.event(.graceExpired(player)), after: grace, clock: self.clock)
        .cancellable(id: CancelID.grace(player), cancelInFlight: true)

    case let .reconnected(player):
      guard let index = state.seats.firstIndex(where: { $0.player == player }) else { return .none }
      state.seats[index].isConnected = true
      state.seats[index].hasLeft = false
      state.seats[index].awayUntil = nil
      return .cancel(id: CancelID.grace(player))

    case let .graceExpired(player):
      guard let index = state.seats.firstIndex(where: { $0.player == player }), !state.seats[index].isConnected,
        !state.seats[index].hasLeft
      else { return .none }
      // NB: Gone for good: during a game that forfeits it (a line of the log of its own); either
      // way the seat no longer keeps the room open.
      state.seats[index].hasLeft = true
      guard !state.game.isOver else { return .none }
      return .send(.game(.forfeit(player)))

    case let .leave(player):
      guard let index = state.seats.firstIndex(where: { $0.player == player }) else {
        state.spectators.removeAll { $0 == player }
        return .none
      }
      state.seats[index].isConnected = false
      state.seats[index].hasLeft = true
      state.seats[index].awayUntil = nil
      guard !state.game.isOver else { return .cancel(id: CancelID.grace(player)) }
      return .merge(.cancel(id: CancelID.grace(player)), .send(.game(.forfeit(player))))
    }
  }

  /// Schedules a move for each bot among those to move (after its thinking time; at once after
  /// the game, to answer a rematch), and calls off the moves of bots that are not. A bot that
  /// was already to move in the same position (`previous`: another seat of a round moved) keeps
  /// the move it has coming.
  private func scheduleBotTurn(_ state: State, after previous: GameTurn? = nil) -> Effect<Action> {
    let turn = state.botTurn
    var effects: [Effect<Action>] = []
    for seat in state.seats {
      guard let bot = seat.bot else { continue }
      guard let turn, turn.players.contains(seat.player), let delay = state.game.witness.botDelay(bot) else {
        effects.append(.cancel(id: CancelID.botTurn(seat.player)))
        continue
      }
      if let previous, previous.key == turn.key, previous.players.contains(seat.player), !state.game.isOver { continue }
      // NB: After the game a bot answers at once (a rematch it is offered): there is no move to
      //     think over.
      if state.game.isOver {
        effects.append(.send(.botThink(seat.player)))
      } else {
        effects.append(
          .send(.botThink(seat.player), after: delay, clock: self.clock)
            .cancellable(id: CancelID.botTurn(seat.player), cancelInFlight: true))
      }
    }
    return effects.isEmpty ? .none : effects.count == 1 ? effects[0] : .merge(effects)
  }

  /// Ends a game that only bots play on, with no person seated (each left or forfeited) and
  /// nobody watching: its bots forfeit one after another (the one after `forfeited` in seat
  /// order, or the first), each a line of the log, until the game ends and the room closes, so
  /// that it leaves the live list instead of racing for nobody.
  private func endIfDeserted(_ state: State, after forfeited: PlayerID? = nil) -> Effect<Action> {
    guard !state.game.isOver, state.spectators.isEmpty, !state.seats.contains(where: { $0.bot == nil && !$0.hasLeft })
    else { return .none }
    let bots = state.seats.filter { $0.bot != nil }.map(\.player)
    let next = forfeited.flatMap(bots.firstIndex(of:)).map { $0 + 1 } ?? 0
    guard next < bots.count else { return .none }
    return .send(.game(.forfeit(bots[next])))
  }

  private func startRaceBots(_ state: State) -> Effect<Action> {
    guard state.game.witness.botsRace(state.game.storage) else { return .none }
    return .merge(
      state.seats.compactMap { seat -> Effect<Action>? in
        guard let bot = seat.bot, let delay = state.game.witness.botDelay(bot) else { return nil }
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: delay)
            await send(.botThink(seat.player))
          }
        }
        .cancellable(id: CancelID.botLoop(seat.player), cancelInFlight: true)
      })
  }

  private func botMove(for player: PlayerID, in state: State) -> AnyMove? {
    // NB: Also once the game is over: the game says what a bot answers then (a rematch).
    guard let seat = state.seats.first(where: { $0.player == player }), let bot = seat.bot else { return nil }
    return self.withRandomNumberGenerator { state.game.witness.botMove(state.game.storage, bot, player, &$0) }
  }
}
