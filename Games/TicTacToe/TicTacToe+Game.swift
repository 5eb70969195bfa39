import ComposableArchitecture
import GameServerGame

extension TicTacToe: Game {
  /// What a seated player does in tic-tac-toe.
  public enum Move: Hashable, Codable, Sendable {
    /// Put your mark on a cell: `{"type": "move", "cell": {"row": 1, "column": 1}}`.
    case mark(Cell)
    /// Give up the game: `{"type": "resign"}`.
    case resign
    /// Ask for another game once this one is over: `{"type": "rematch"}`.
    case rematch
  }

  /// Tic-tac-toe's clock: the move clock ran out.
  public enum ClockEvent: Hashable, Codable, Sendable {
    case moveTimeExpired(moveNumber: Int)
  }

  public static let id = "tictactoe"
  public static let title = "Tic-tac-toe"
  public static let modes = [GameMode(seats: 2...2)]
  public static let moveTypes: Set<String> = ["move", "resign", "rematch"]
  public static let startAction = Action.start
  public static let defaultBot = TicTacToeBot.perfect
  /// How long a tic-tac-toe bot waits before moving.
  public static let botThinkingTime: Duration = .milliseconds(600)

  public static func setup(_ setup: GameSetup) -> State {
    State(x: setup.players[0], o: setup.players[1], moveTimeLimit: setup.limits.moveTimeLimit)
  }

  public static func mode(of state: State) -> String { GameVariant.standardMode }

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

  public static func view(of state: State, for viewer: PlayerID?) -> TicTacToeView {
    state.view(for: viewer)
  }

  /// Every field of the state is in the view but the order of the moves, which changes only
  /// with the board (`PropertyTests.everyChangeToTheStateChangesEveryView`).
  public static let viewsShowEveryChange = true

  public static func write(_ view: TicTacToeView, to output: JSONOutput) {
    output.writeTicTacToeView(view)
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

  public static func botDelay(_ bot: TicTacToeBot) -> Duration { Self.botThinkingTime }

  public static func botMove(
    _ bot: TicTacToeBot, for player: PlayerID, in state: State, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    guard let mark = state.mark(of: player) else { return nil }
    // NB: After the game a bot takes the rematch it is offered, at once.
    guard state.outcome == nil else {
      return !state.rematchRequests.isEmpty && !state.rematchRequests.contains(mark) ? .rematch : nil
    }
    guard mark == state.turn else { return nil }
    return bot.move(on: state.board, as: mark, using: &generator).map(Move.mark)
  }
}

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
