/// Computer players for Connect Four.
///
/// - `random` drops in any column that is not full.
/// - `strong` searches ahead (``AlphaBeta``) within a budget of positions; it always takes a
///   win and blocks a loss that are one move away, and picks at random among equal best moves.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 1)
/// ConnectFourBot.strong.move(on: board, as: .o, using: &generator)  // a column, 0...6
/// ```
public enum ConnectFourBot: String, CaseIterable, Codable, Sendable {
  case random
  case strong

  /// How many positions the strong bot looks at for one move: about 10 ms in a release build
  /// (some 100 ns a position), eight or nine plies deep in the middle game.
  public static let strongNodeBudget = 100_000

  /// The bot's column, or nil when the board is full.
  ///
  /// - Parameters:
  ///   - nodeBudget: How many positions the strong bot may search (tests play faster with fewer).
  ///   - generator: Breaks ties; the same seed gives the same move.
  public func move(
    on board: Board,
    as disc: Disc,
    nodeBudget: Int = ConnectFourBot.strongNodeBudget,
    using generator: inout some RandomNumberGenerator
  ) -> Int? {
    switch self {
    case .random:
      return board.legalColumns.randomElement(using: &generator)
    case .strong:
      var search = AlphaBeta(nodeBudget: nodeBudget)
      return search.bestColumns(BitBoard(board: board, toMove: disc)).randomElement(using: &generator)
    }
  }
}
