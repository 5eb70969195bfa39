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
/// `view(of:for:)` and its bots' moves, ``botMove(_:as:in:using:)``.
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
{
  /// The move a bot at level `bot` makes for `side`, when it is that side's turn in a game not
  /// over; nil for none.
  static func botMove(
    _ bot: Bot, as side: State.Outcome.Side, in state: State, using generator: inout some RandomNumberGenerator
  ) -> Move?
}

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
    switch outcome.winner {
    case first?: return GameResult(ranking: [[a], [b]])
    case nil: return GameResult(ranking: [[a, b]])
    default: return GameResult(ranking: [[b], [a]])
    }
  }

  public static func gameNumber(of state: State) -> Int { state.gameNumber }

  /// The player to move; once the game is over, the player a rematch was asked of, until they
  /// answer.
  public static func turn(in state: State) -> GameTurn? {
    guard state.outcome == nil else {
      guard state.rematchRequests.count == 1, let asked = state.rematchRequests.first,
        let player = state.seats[asked.opponent]
      else { return nil }
      return GameTurn(player: player, key: [state.gameNumber, -1])
    }
    guard let player = state.seats[state.turn] else { return nil }
    return GameTurn(player: player, key: [state.gameNumber, state.moveNumber])
  }

  /// A bot's move on its turn (``botMove(_:as:in:using:)``); after the game, the rematch it is
  /// offered, at once.
  public static func botMove(
    _ bot: Bot, for player: PlayerID, in state: State, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    guard let side = state.side(of: player) else { return nil }
    guard state.outcome == nil else {
      return !state.rematchRequests.isEmpty && !state.rematchRequests.contains(side) ? .rematch : nil
    }
    guard side == state.turn else { return nil }
    return Self.botMove(bot, as: side, in: state, using: &generator)
  }
}
