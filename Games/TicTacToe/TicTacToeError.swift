/// Why tic-tac-toe rejected an action. The game's state does not change.
///
/// ```swift
/// TicTacToeError.notYourTurn.code     // "not_your_turn"
/// TicTacToeError.notYourTurn.message  // "It is not your turn."
/// ```
public enum TicTacToeError: Error, Hashable, Codable, Sendable {
  case notSeated
  case gameOver
  case notYourTurn
  case offBoard(Cell)
  case cellOccupied(Cell)
  case gameNotOver

  /// A stable snake_case code.
  public var code: String {
    switch self {
    case .notSeated: "not_seated"
    case .gameOver: "game_over"
    case .notYourTurn: "not_your_turn"
    case .offBoard: "off_board"
    case .cellOccupied: "cell_occupied"
    case .gameNotOver: "game_not_over"
    }
  }

  /// A sentence for people.
  public var message: String {
    switch self {
    case .notSeated: "You do not have a seat in this game."
    case .gameOver: "The game is over."
    case .notYourTurn: "It is not your turn."
    case let .offBoard(cell): "The cell \(cell) is off the board; rows and columns are 0 to 2."
    case let .cellOccupied(cell): "The cell \(cell) is already taken."
    case .gameNotOver: "A rematch can only be asked for once the game is over."
    }
  }
}
