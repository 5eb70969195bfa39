/// Why Connect Four rejected an action. The game's state does not change.
///
/// ```swift
/// ConnectFourError.columnFull(column: 3).code     // "column_full"
/// ConnectFourError.columnFull(column: 3).message  // "The column 3 is full."
/// ```
public enum ConnectFourError: Error, Hashable, Codable, Sendable {
  case notSeated
  case gameOver
  case notYourTurn
  case offBoard(column: Int)
  case columnFull(column: Int)
  case gameNotOver

  /// A stable snake_case code.
  public var code: String {
    switch self {
    case .notSeated: "not_seated"
    case .gameOver: "game_over"
    case .notYourTurn: "not_your_turn"
    case .offBoard: "off_board"
    case .columnFull: "column_full"
    case .gameNotOver: "game_not_over"
    }
  }

  /// A sentence for people.
  public var message: String {
    switch self {
    case .notSeated: "You do not have a seat in this game."
    case .gameOver: "The game is over."
    case .notYourTurn: "It is not your turn."
    case let .offBoard(column): "The column \(column) is off the board; columns are 0 to \(Board.columns - 1)."
    case let .columnFull(column): "The column \(column) is full."
    case .gameNotOver: "A rematch can only be asked for once the game is over."
    }
  }
}
