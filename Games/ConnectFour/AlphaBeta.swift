/// The strong bot's search: negamax with alpha-beta pruning, deepened one ply at a time until a
/// node budget runs out, with the windows of four scored at the horizon.
///
/// The budget counts positions, not time, so that a search gives the same answer on every
/// machine; a depth the budget cuts short is thrown away.
///
/// ```swift
/// var search = AlphaBeta(nodeBudget: 100_000)
/// search.bestColumns(BitBoard(board: board, toMove: .o))  // [3]
/// ```
struct AlphaBeta {
  /// The score of a win with no disc on the board; wins that take more discs score less.
  static let win = 1_000_000
  private static let infinity = 2 * win
  /// Columns from the centre out: centre discs take part in the most lines.
  static let centreFirst = [3, 2, 4, 1, 5, 0, 6]

  let nodeBudget: Int
  /// Positions searched so far.
  private(set) var nodes = 0
  /// The deepest search that finished.
  private(set) var completedDepth = 0
  private var depthLimit = 0
  private var isExhausted = false

  init(nodeBudget: Int) { self.nodeBudget = nodeBudget }

  /// The columns that score best for the player to move (every one of them, for a caller to
  /// choose among), or none when the board is full.
  mutating func bestColumns(_ position: BitBoard) -> [Int] {
    let playable = position.playable
    let legal = Self.centreFirst.filter { playable & BitBoard.cells(ofColumn: $0) != 0 }
    let wins = position.winningCells(of: position.current) & playable
    let winning = legal.filter { wins & BitBoard.cells(ofColumn: $0) != 0 }
    guard winning.isEmpty else { return winning }
    let nonLosing = position.nonLosingMoves
    var candidates = legal.filter { nonLosing & BitBoard.cells(ofColumn: $0) != 0 }
    if candidates.isEmpty {
      // NB: Lost against any reply: still block one threat, in case the opponent misses the other.
      let threats = position.winningCells(of: position.opponent) & playable
      let blocks = legal.filter { threats & BitBoard.cells(ofColumn: $0) != 0 }
      return blocks.isEmpty ? legal : blocks
    }
    guard candidates.count > 1 else { return candidates }

    var best = candidates
    for depth in 1...(Board.rows * Board.columns - position.count) {
      self.depthLimit = depth
      var scored: [(column: Int, score: Int)] = []
      var bestScore = -Self.infinity
      for column in candidates {
        var next = position
        next.play(column)
        // NB: A window just below the best so far: a tie scores exactly, and so counts as a tie.
        let score = -self.negamax(next, depth: depth - 1, alpha: -Self.infinity, beta: 1 - bestScore)
        if self.isExhausted { break }
        scored.append((column, score))
        bestScore = max(bestScore, score)
      }
      if self.isExhausted { break }
      self.completedDepth = depth
      best = scored.filter { $0.score == bestScore }.map(\.column)
      candidates = scored.enumerated()
        .sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
        .map(\.element.column)
      // A win or a loss is proven: deeper searches would not change it.
      if abs(bestScore) >= Self.win - Board.rows * Board.columns - 2 { break }
    }
    return best
  }

  /// The position's score for the player to move, searched `depth` plies deep.
  private mutating func negamax(_ position: BitBoard, depth: Int, alpha: Int, beta: Int) -> Int {
    self.nodes += 1
    if self.depthLimit > 1, self.nodes > self.nodeBudget {
      self.isExhausted = true
      return 0
    }
    if position.count == Board.rows * Board.columns { return 0 }
    if position.canWinNext { return Self.win - position.count - 1 }
    let moves = position.nonLosingMoves
    if moves == 0 { return -(Self.win - position.count - 2) }
    if depth == 0 { return Evaluation.score(position) }
    var alpha = alpha
    for column in Self.centreFirst where moves & BitBoard.cells(ofColumn: column) != 0 {
      var next = position
      next.play(column)
      let score = -self.negamax(next, depth: depth - 1, alpha: -beta, beta: -alpha)
      if self.isExhausted { return 0 }
      if score >= beta { return score }
      alpha = max(alpha, score)
    }
    return alpha
  }
}
