import ComposableArchitecture

/// A move of a two-player game that the turns piece names: every such game has a rematch (a bot
/// takes one it is offered), and `resign` by convention.
public protocol TwoPlayerMove: Hashable, Codable, Sendable {
  /// Asking for another game once this one is over.
  static var rematch: Self { get }
}

/// A ``Game`` of two players moving in turn, run by ``TwoPlayerTurns``: what only maps the
/// room's vocabulary onto the game's actions (`startAction`, `forfeit`, the clock event,
/// `signal`), and `isOver`, `result`, `gameNumber`, `turn(in:)`, `modes` and the bots'
/// rematches, and `record(of:)` (the moves' `Encodable` form), have defaults here. What is left is
/// the game's own: its id and title, its moves (`moveTypes`, `action(for:by:)`), `setup`,
/// `view(of:for:)` and its bots' moves, `botMove(_:for:in:using:)`: asked only on the bot's turn
/// in a game not over, from the bot's own view (the piece answers a rematch offered to a bot
/// itself, with a yes).
///
/// ```swift
/// extension ConnectFour: TwoPlayerTurnGame {
///   public enum Move: TwoPlayerMove { case drop(column: Int), resign, rematch }
///   public static let id = "connectfour"
///   // ...
/// }
/// ```
public protocol TwoPlayerTurnGame: Game
where
  State: TwoPlayerTurnState, Action: TwoPlayerTurnAction, Action.Outcome == State.Outcome,
  ClockEvent == TwoPlayerClockEvent, Move: TwoPlayerMove
{}

extension TwoPlayerTurnGame {
  /// Two seats.
  public static var modes: [GameMode] { [GameMode(seats: 2...2)] }

  public static var startAction: Action { .start }

  /// Resigns for the player.
  public static func forfeit(_ player: PlayerID) -> Action { .resign(player) }

  public static func clockEvent(of action: Action) -> TwoPlayerClockEvent? {
    guard case let .moveTimeExpired(moveNumber)? = action.turnInput else { return nil }
    return .moveTimeExpired(moveNumber: moveNumber)
  }

  public static func action(for event: TwoPlayerClockEvent) -> Action {
    switch event {
    case let .moveTimeExpired(moveNumber): .moveTimeExpired(moveNumber: moveNumber)
    }
  }

  public static func signal(of action: Action) -> GameSignal? {
    switch action.turnInput {
    case let .delegate(.rejected(player, error))?: .rejected(player, code: error.code, message: error.message)
    case .delegate(.ended)?: .ended
    default: nil
    }
  }

  public static func isOver(_ state: State) -> Bool { state.outcome != nil }

  /// The moves' `Encodable` form.
  public static func record(of state: State) -> String {
    // NB: Moves hold plain values: encoding cannot fail.
    (try? JSONStreamEncoder.encode(state.moves)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }

  /// The winner first, or both together for a draw.
  public static func result(of state: State) -> GameResult? {
    guard let outcome = state.outcome else { return nil }
    let first = State.Outcome.Side.first
    guard let a = state.seats[first], let b = state.seats[first.opponent] else { return nil }
    let reason: GameEndReason =
      switch outcome.winner {
      case nil: .draw
      case let winner?:
        outcome == .resignation(winner: winner) ? .resignation : outcome == .timeout(winner: winner) ? .time : .win
      }
    switch outcome.winner {
    case first?: return GameResult(ranking: [[a], [b]], reason: reason)
    case nil: return GameResult(ranking: [[a, b]], reason: reason)
    default: return GameResult(ranking: [[b], [a]], reason: reason)
    }
  }

  public static func gameNumber(of state: State) -> Int { state.gameNumber }

  /// The player to move; once the game is over, the player a rematch was asked of, until they
  /// answer.
  public static func turn(in state: State) -> GameTurn? { Self.turnOfTheTurns(in: state) }

  /// The default `turn(in:)`, for a game whose own `turn(in:)` adds a phase before its turns.
  public static func turnOfTheTurns(in state: State) -> GameTurn? {
    guard state.outcome == nil else {
      guard state.rematchRequests.count == 1, let asked = state.rematchRequests.first,
        let player = state.seats[asked.opponent]
      else { return nil }
      return GameTurn(player: player, key: [state.gameNumber, -1])
    }
    guard let player = state.seats[state.turn] else { return nil }
    return GameTurn(player: player, key: [state.gameNumber, state.moveNumber])
  }

  /// The witness of the game, whose bots are asked to move only when `turn(in:)` names them,
  /// from their own view, and take any rematch they are offered, at once.
  @inlinable
  public static var _witness: GameWitness {
    GameWitness(Self.self, botMove: { Self._turnBotMove($0, $1, for: $2, using: &$3) })
  }

  @inlinable
  static func _turnBotMove(
    _ storage: AnyObject, _ bot: String, for player: PlayerID, using generator: inout some RandomNumberGenerator
  ) -> AnyMove? {
    let state = Self._state(storage)
    guard let bot = Bot(rawValue: bot), let side = state.side(of: player) else { return nil }
    guard state.outcome == nil else {
      let offered = !state.rematchRequests.isEmpty && !state.rematchRequests.contains(side)
      return offered ? AnyMove(Move.rematch) : nil
    }
    guard Self.turn(in: state)?.players.contains(player) == true else { return nil }
    let view = Self.view(of: state, for: player)
    return Self.botMove(bot, for: player, in: view, using: &generator).map(AnyMove.init)
  }
}
