import GameServerGame

extension ConnectFour: TwoPlayerTurnGame {
  /// What a seated player does in Connect Four: `{"type": "drop", "column": 3}` (a column from 0
  /// to 6), `{"type": "resign"}` and `{"type": "rematch"}`, read and written by the seam from
  /// this enum's own `Codable`.
  public enum Move: TwoPlayerMove {
    case drop(column: Int)
    case resign
    case rematch
  }

  public static let id = "connectfour"
  public static let title = "Connect Four"
  public static let moveTypes: Set<String> = ["drop", "resign", "rematch"]
  public static let defaultBot = ConnectFourBot.strong

  public static func setup(_ setup: GameSetup) -> State {
    State(x: setup.players[0], o: setup.players[1], moveTimeLimit: setup.limits.moveTimeLimit)
  }

  public static func action(for move: Move, by player: PlayerID) -> Action {
    switch move {
    case let .drop(column): .drop(player, column: column)
    case .resign: .resign(player)
    case .rematch: .requestRematch(player)
    }
  }

  public static func view(of state: State, for viewer: PlayerID?) -> ConnectFourView { state.view(for: viewer) }

  public static func botMove(
    _ bot: ConnectFourBot, for player: PlayerID, in view: View, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    view.you.flatMap { bot.move(on: Board(rows: view.board), as: $0, using: &generator) }.map { .drop(column: $0) }
  }
}

// NB: What the turns piece reads and writes of Connect Four's own types.
extension ConnectFour.State: TwoPlayerTurnState {
  public mutating func clearForNextGame() { (self.board, self.moves) = (Board(), []) }
}

extension ConnectFour.Action: TwoPlayerTurnAction {
  public var turnInput: TwoPlayerTurnInput<ConnectFourError, Outcome>? {
    switch self {
    case .start: .start
    case let .resign(player): .resign(player)
    case let .requestRematch(player): .rematch(player)
    case let .moveTimeExpired(moveNumber): .moveTimeExpired(moveNumber: moveNumber)
    case let .delegate(delegate): .delegate(delegate)
    case .drop: nil
    }
  }
}

extension Disc: TwoPlayerSide { public static let first = Disc.x }
extension Outcome: TwoPlayerOutcome {}
extension ConnectFourError: TwoPlayerRuleError {}
