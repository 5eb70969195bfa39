import ComposableArchitecture
import GameServerDatabase
import GameServerGameCore
import GameServerModels
import GameServerTicTacToe
import GameServerWordGrid

/// A room: its game, its seats (people and bots) and its spectators.
///
/// Everything from outside arrives as a ``RoomEvent`` (`.event(...)`), the actions a room's log
/// records; the game's own clocks arrive as `.ticTacToe` and `.wordGrid` actions. Bots think on
/// the clock and play through the same events as people. A seated player who drops keeps the
/// seat for `gracePeriod`, during a game or after it; past it they are gone (forfeiting a game
/// in progress), and a room whose people are all gone closes.
///
/// ```swift
/// let room = Room.State(id: "room-1", variant: .ticTacToe, seats: [alice, bob], game: .ticTacToe(...))
/// store.send(.start)
/// store.send(.event(.play("alice", .mark(Cell(row: 1, column: 1)))))
/// ```
@Reducer
public struct Room: Sendable {
  @ObservableState
  public struct State: Equatable, Identifiable, Codable, Sendable {
    public let id: RoomID
    public var variant: GameVariant
    public var seats: [Seat]
    public var spectators: [PlayerID] = []
    public var game: GameState
    /// How long a dropped player keeps the seat (default 30 s).
    public var gracePeriod: Duration

    public init(
      id: RoomID, variant: GameVariant, seats: [Seat], game: GameState,
      gracePeriod: Duration = .seconds(30)
    ) {
      self.id = id
      self.variant = variant
      self.seats = seats
      self.game = game
      self.gracePeriod = gracePeriod
    }
  }

  public enum Action: Equatable, Sendable {
    /// Starts the game's clocks and the bots (also after a restart).
    case start
    case event(RoomEvent)
    case spectate(PlayerID)
    case stopSpectating(PlayerID)
    case ticTacToe(TicTacToe.Action)
    case wordGrid(WordGrid.Action)
    /// A bot's thinking time is up: it moves.
    case botThink(PlayerID)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case rejected(PlayerID, code: String, message: String)
      case finished(GameRecord)
    }
  }

  enum CancelID: Hashable {
    case grace(PlayerID)
    case botTurn
    case botLoop(PlayerID)
  }

  /// How long a tic-tac-toe bot waits before moving.
  public static let ticTacToeBotDelay: Duration = .milliseconds(600)

  @Dependency(\.continuousClock) var clock
  @Dependency(\.wordDictionary) var dictionary
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        let effect: Effect<Action> =
          switch state.game {
          case .ticTacToe: self.game(&state, .ticTacToe(.start))
          case .wordGrid: self.game(&state, .wordGrid(.start))
          }
        return .merge(effect, self.startRaceBots(state), self.scheduleBotTurn(state))

      case let .event(event):
        return self.handle(event, &state)

      case let .spectate(player):
        if !state.spectators.contains(player), !state.seats.contains(where: { $0.player == player }) {
          state.spectators.append(player)
        }
        return .none

      case let .stopSpectating(player):
        state.spectators.removeAll { $0 == player }
        return .none

      case let .ticTacToe(.delegate(.rejected(player, error))):
        return .send(.delegate(.rejected(player, code: error.code, message: error.message)))

      case let .wordGrid(.delegate(.rejected(player, error))):
        return .send(.delegate(.rejected(player, code: error.code, message: error.message)))

      case .ticTacToe(.delegate(.ended)), .wordGrid(.delegate(.ended)):
        return .merge(
          .send(.delegate(.finished(state.result))),
          .merge(state.seats.map { .cancel(id: CancelID.botLoop($0.player)) }),
          .cancel(id: CancelID.botTurn)
        )

      case let .ticTacToe(action):
        return self.game(&state, .ticTacToe(action))

      case let .wordGrid(action):
        return self.game(&state, .wordGrid(action))

      case let .botThink(bot):
        guard let move = self.botMove(for: bot, in: state) else { return .none }
        return .send(.event(.play(bot, move)))

      case .delegate:
        return .none
      }
    }
    .onChange(of: \.botTurn) { _, _ in
      Reduce { state, _ in self.scheduleBotTurn(state) }
    }
  }

  private func handle(_ event: RoomEvent, _ state: inout State) -> Effect<Action> {
    switch event {
    case let .play(player, move):
      guard state.seats.contains(where: { $0.player == player && !$0.hasLeft }) else {
        return .send(.delegate(.rejected(player, code: "not_seated", message: "You do not have a seat in this room.")))
      }
      guard let action = state.gameAction(player, move) else {
        return .send(.delegate(.rejected(player, code: "wrong_game", message: "That move is not part of \(state.variant.game).")))
      }
      return self.game(&state, action)

    case let .moveTimeExpired(moveNumber):
      return self.game(&state, .ticTacToe(.moveTimeExpired(moveNumber: moveNumber)))

    case .raceTimeUp:
      return self.game(&state, .wordGrid(.timeUp))

    case let .disconnected(player):
      guard let index = state.seats.firstIndex(where: { $0.player == player }) else { return .none }
      state.seats[index].isConnected = false
      // NB: Also after the game: the room (its result, a rematch) waits for the player as long.
      let grace = state.gracePeriod
      return .run { [clock] send in
        try await clock.sleep(for: grace)
        await send(.event(.graceExpired(player)))
      }
      .cancellable(id: CancelID.grace(player), cancelInFlight: true)

    case let .reconnected(player):
      guard let index = state.seats.firstIndex(where: { $0.player == player }) else { return .none }
      state.seats[index].isConnected = true
      state.seats[index].hasLeft = false
      return .cancel(id: CancelID.grace(player))

    case let .graceExpired(player):
      guard let index = state.seats.firstIndex(where: { $0.player == player }), !state.seats[index].isConnected,
        !state.seats[index].hasLeft
      else { return .none }
      // NB: Gone for good: during a game that forfeits it; either way the seat no longer keeps
      // the room open.
      state.seats[index].hasLeft = true
      guard !state.game.isOver else { return .none }
      return self.game(&state, state.forfeitAction(player))

    case let .leave(player):
      guard let index = state.seats.firstIndex(where: { $0.player == player }) else {
        state.spectators.removeAll { $0 == player }
        return .none
      }
      state.seats[index].isConnected = false
      state.seats[index].hasLeft = true
      guard !state.game.isOver else { return .cancel(id: CancelID.grace(player)) }
      return .merge(.cancel(id: CancelID.grace(player)), self.game(&state, state.forfeitAction(player)))
    }
  }

  /// Runs the game reducer in place.
  private func game(_ state: inout State, _ action: GameAction) -> Effect<Action> {
    switch (state.game, action) {
    case (.ticTacToe(var game), .ticTacToe(let action)):
      let effect = TicTacToe().reduce(into: &game, action: action)
      state.game = .ticTacToe(game)
      return effect.map(Action.ticTacToe)
    case (.wordGrid(var game), .wordGrid(let action)):
      let effect = WordGrid().reduce(into: &game, action: action)
      state.game = .wordGrid(game)
      return effect.map(Action.wordGrid)
    default:
      return .none
    }
  }

  private func scheduleBotTurn(_ state: State) -> Effect<Action> {
    guard let turn = state.botTurn else { return .cancel(id: CancelID.botTurn) }
    let delay: Duration =
      switch turn.bot {
      case .ticTacToe: Self.ticTacToeBotDelay
      case let .wordGrid(bot): bot.thinkingTime
      }
    return .run { [clock] send in
      try await clock.sleep(for: delay)
      await send(.botThink(turn.player))
    }
    .cancellable(id: CancelID.botTurn, cancelInFlight: true)
  }

  private func startRaceBots(_ state: State) -> Effect<Action> {
    guard case let .wordGrid(game) = state.game, game.mode == .race, game.status == .playing else {
      return .none
    }
    return .merge(
      state.seats.compactMap { seat -> Effect<Action>? in
        guard case let .wordGrid(bot)? = seat.bot else { return nil }
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: bot.thinkingTime)
            await send(.botThink(seat.player))
          }
        }
        .cancellable(id: CancelID.botLoop(seat.player), cancelInFlight: true)
      })
  }

  private func botMove(for player: PlayerID, in state: State) -> PlayerMove? {
    guard let seat = state.seats.first(where: { $0.player == player }), let bot = seat.bot,
      !state.game.isOver
    else { return nil }
    switch (bot, state.game) {
    case let (.ticTacToe(bot), .ticTacToe(game)):
      guard let mark = game.mark(of: player), mark == game.turn else { return nil }
      let cell = self.withRandomNumberGenerator { bot.move(on: game.board, as: mark, using: &$0) }
      return cell.map(PlayerMove.mark)
    case let (.wordGrid(bot), .wordGrid(game)):
      guard let index = game.players.firstIndex(where: { $0.id == player }),
        !game.players[index].isFinished, let puzzle = game.puzzle(for: player)
      else { return nil }
      if game.mode == .turns, game.turn != index { return nil }
      let played = game.playedWords(forPlayerAt: index)
      let move = self.withRandomNumberGenerator {
        bot.move(on: puzzle, dictionary: self.dictionary, played: played, using: &$0)
      }
      switch move {
      case let .word(word): return .word(word.path)
      case let .removeCube(cube): return .removeCube(cube)
      case .pass: return game.mode == .turns ? .pass : .resign
      }
    default:
      return nil
    }
  }
}

/// A game action of either game.
enum GameAction {
  case ticTacToe(TicTacToe.Action)
  case wordGrid(WordGrid.Action)
}
