/// The strong bot's guess at a position it does not search further: every window of four cells
/// that only one player has discs in counts for that player, more the more discs it holds.
///
/// ```swift
/// Evaluation.score(BitBoard(board: board, toMove: .x))  // > 0: X stands better
/// ```
enum Evaluation {
  /// What a window with 0, 1, 2 or 3 discs of one player (and none of the other) is worth.
  private static let weights = [0, 1, 8, 40, 0]

  /// The 69 windows of four on the board: across, up, and along both diagonals.
  static let windows: [UInt64] = {
    var windows: [UInt64] = []
    for column in Board.columnRange {
      for height in 0..<Board.rows {
        for (columnStep, heightStep) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
          let cells = (0..<4).map { (column + $0 * columnStep, height + $0 * heightStep) }
          guard cells.allSatisfy({ Board.columnRange.contains($0.0) && (0..<Board.rows).contains($0.1) })
          else { continue }
          windows.append(cells.reduce(0) { $0 | BitBoard.bit(column: $1.0, height: $1.1) })
        }
      }
    }
    return windows
  }()

  /// The position's worth to the player to move: positive when they stand better.
  static func score(_ position: BitBoard) -> Int {
    let (mine, theirs) = (position.current, position.opponent)
    var score = 0
    for window in Self.windows {
      let own = (mine & window).nonzeroBitCount
      let other = (theirs & window).nonzeroBitCount
      if other == 0 {
        score += Self.weights[own]
      } else if own == 0 {
        score -= Self.weights[other]
      }
    }
    return score
  }
}
