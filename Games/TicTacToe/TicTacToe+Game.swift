import ComposableArchitecture
import GameServerGame

extension TicTacToe: TwoPlayerTurnGame {
  /// What a seated player does in tic-tac-toe.
  public enum Move: TwoPlayerMove {
    /// Put your mark on a cell: `{"type": "move", "cell": {"row": 1, "column": 1}}`.
    case mark(Cell)
    /// Give up the game: `{"type": "resign"}`.
    case resign
    /// Ask for another game once this one is over: `{"type": "rematch"}`.
    case rematch
  }

  public static let id = "tictactoe"
  public static let title = "Tic-tac-toe"
  public static let moveTypes: Set<String> = ["move", "resign", "rematch"]
  public static let defaultBot = TicTacToeBot.perfect

  public static func setup(_ setup: GameSetup) -> State {
    State(x: setup.players[0], o: setup.players[1], moveTimeLimit: setup.limits.moveTimeLimit)
  }

  public static func move(type: String, fields: MessageFields) throws(ProtocolError) -> Move {
    switch type {
    case "move":
      let cell = try fields.object("cell")
      return .mark(Cell(row: try cell.int("row"), column: try cell.int("column")))
    case "resign": return .resign
    default: return .rematch
    }
  }

  public static func message(for move: Move) -> (type: String, fields: [String: JSONValue]) {
    switch move {
    case let .mark(cell): ("move", ["cell": ["row": JSONValue(cell.row), "column": JSONValue(cell.column)]])
    case .resign: ("resign", [:])
    case .rematch: ("rematch", [:])
    }
  }

  public static func action(for move: Move, by player: PlayerID) -> Action {
    switch move {
    case let .mark(cell): .move(player, cell)
    case .resign: .resign(player)
    case .rematch: .requestRematch(player)
    }
  }

  public static func botMove(
    _ bot: TicTacToeBot, for player: PlayerID, in view: View, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    view.you.flatMap { bot.move(on: view.marks, as: $0, using: &generator) }.map(Move.mark)
  }

  public static func view(of state: State, for viewer: PlayerID?) -> TicTacToeView {
    state.view(for: viewer)
  }

  /// Every field of the state is in the view but the order of the moves, which changes only
  /// with the board (`PropertyTests.everyChangeToTheStateChangesEveryView`).
  public static let viewsShowEveryChange = true

  public static func write(_ view: TicTacToeView, to output: JSONOutput) {
    output.writeTicTacToeView(view)
  }

  /// The cells played, as their `Encodable` form writes them:
  /// `[{"row":1,"column":1},{"row":0,"column":2}]`.
  public static func record(of state: State) -> String {
    // NB: Written into the string itself, sized once: one allocation.
    var record = ""
    record.reserveCapacity(2 + state.moves.count * 24)
    record.append("[")
    for (index, cell) in state.moves.enumerated() {
      if index > 0 { record.append(",") }
      record.append(#"{"row":"#)
      record.append(String(cell.row))
      record.append(#","column":"#)
      record.append(String(cell.column))
      record.append("}")
    }
    record.append("]")
    return record
  }

}

// NB: What the turns piece reads and writes of tic-tac-toe's own types.
extension TicTacToe.State: TwoPlayerTurnState {
  public mutating func clearForNextGame() { (self.board, self.moves) = (Board(), []) }
}

extension TicTacToe.Action: TwoPlayerTurnAction {
  public var turnInput: TwoPlayerTurnInput<TicTacToeError, Outcome>? {
    switch self {
    case .start: .start
    case let .resign(player): .resign(player)
    case let .requestRematch(player): .rematch(player)
    case let .moveTimeExpired(moveNumber): .moveTimeExpired(moveNumber: moveNumber)
    case let .delegate(delegate): .delegate(delegate)
    case .move: nil
    }
  }
}

extension Mark: TwoPlayerSide { public static let first = Mark.x }
extension Outcome: TwoPlayerOutcome {}
extension TicTacToeError: TwoPlayerRuleError {}

extension GameVariant {
  /// Tic-tac-toe (`tictactoe`).
  public static let ticTacToe = GameVariant(game: TicTacToe.id)
}

extension TicTacToe.Move: JSONTextRepresentable {
  /// The move as its `Encodable` form writes it, written directly: a room logs one a move.
  /// `{"mark":{"_0":{"row":1,"column":1}}}`, `{"resign":{}}`, `{"rematch":{}}`.
  public var jsonText: String? {
    switch self {
    case let .mark(cell): #"{"mark":{"_0":{"row":\#(cell.row),"column":\#(cell.column)}}}"#
    case .resign: #"{"resign":{}}"#
    case .rematch: #"{"rematch":{}}"#
    }
  }
}
