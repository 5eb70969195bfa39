import ComposableArchitecture
import GameServerGame

extension ConnectFour: Game {
  /// What a seated player does in Connect Four.
  public enum Move: Hashable, Codable, Sendable {
    /// Drop your disc in a column (0...6): `{"type": "drop", "column": 3}`.
    case drop(column: Int)
    /// Give up the game: `{"type": "resign"}`.
    case resign
    /// Ask for another game once this one is over: `{"type": "rematch"}`.
    case rematch
  }

  /// Connect Four's clock: the move clock ran out.
  public enum ClockEvent: Hashable, Codable, Sendable {
    case moveTimeExpired(moveNumber: Int)
  }

  public static let id = "connectfour"
  public static let title = "Connect Four"
  public static let modes = [GameMode(seats: 2...2)]
  public static let moveTypes: Set<String> = ["drop", "resign", "rematch"]
  public static let startAction = Action.start
  public static let defaultBot = ConnectFourBot.strong
  /// How long a Connect Four bot waits before moving.
  public static let botThinkingTime: Duration = .milliseconds(600)

  public static func setup(_ setup: GameSetup) -> State {
    State(x: setup.players[0], o: setup.players[1], moveTimeLimit: setup.limits.moveTimeLimit)
  }

  public static func mode(of state: State) -> String { GameVariant.standardMode }

  public static func move(type: String, fields: MessageFields) throws(ProtocolError) -> Move {
    switch type {
    case "drop": return .drop(column: try fields.int("column"))
    case "resign": return .resign
    default: return .rematch
    }
  }

  public static func message(for move: Move) -> (type: String, fields: [String: JSONValue]) {
    switch move {
    case let .drop(column): ("drop", ["column": JSONValue(column)])
    case .resign: ("resign", [:])
    case .rematch: ("rematch", [:])
    }
  }

  public static func action(for move: Move, by player: PlayerID) -> Action {
    switch move {
    case let .drop(column): .drop(player, column: column)
    case .resign: .resign(player)
    case .rematch: .requestRematch(player)
    }
  }

  public static func forfeit(_ player: PlayerID) -> Action { .resign(player) }

  public static func clockEvent(of action: Action) -> ClockEvent? {
    guard case let .moveTimeExpired(moveNumber) = action else { return nil }
    return .moveTimeExpired(moveNumber: moveNumber)
  }

  public static func action(for event: ClockEvent) -> Action {
    switch event {
    case let .moveTimeExpired(moveNumber): .moveTimeExpired(moveNumber: moveNumber)
    }
  }

  public static func signal(of action: Action) -> GameSignal? {
    switch action {
    case let .delegate(.rejected(player, error)): .rejected(player, code: error.code, message: error.message)
    case .delegate(.ended): .ended
    default: nil
    }
  }

  public static func view(of state: State, for viewer: PlayerID?) -> ConnectFourView {
    state.view(for: viewer)
  }

  public static func isOver(_ state: State) -> Bool { state.outcome != nil }

  public static func result(of state: State) -> GameResult? {
    guard let outcome = state.outcome, let x = state.seats[.x], let o = state.seats[.o] else { return nil }
    switch outcome.winner {
    case .x: return GameResult(ranking: [[x], [o]])
    case .o: return GameResult(ranking: [[o], [x]])
    case nil: return GameResult(ranking: [[x, o]])
    }
  }

  public static func gameNumber(of state: State) -> Int { state.gameNumber }

  /// The columns played, in order: `[3,3,4]`.
  public static func record(of state: State) -> String {
    "[" + state.moves.map(String.init).joined(separator: ",") + "]"
  }

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

  public static func botDelay(_ bot: ConnectFourBot) -> Duration { Self.botThinkingTime }

  public static func botMove(
    _ bot: ConnectFourBot, for player: PlayerID, in state: State, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    guard let disc = state.disc(of: player) else { return nil }
    // NB: After the game a bot takes the rematch it is offered, at once.
    guard state.outcome == nil else {
      return !state.rematchRequests.isEmpty && !state.rematchRequests.contains(disc) ? .rematch : nil
    }
    guard disc == state.turn else { return nil }
    return bot.move(on: state.board, as: disc, using: &generator).map { .drop(column: $0) }
  }
}

extension GameVariant {
  /// Connect Four (`connectfour`).
  public static let connectFour = GameVariant(game: ConnectFour.id)
}
