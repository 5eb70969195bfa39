/// A position as two bitboards, for the strong bot's search: playing a disc, and finding the
/// cells that would complete four, are a few shifts and masks.
///
/// Column `c` holds bits `c * 7` (its bottom cell) to `c * 7 + 5` (its top cell); bit `c * 7 + 6`
/// stays empty, so that no shift carries a line from one column into the next.
///
/// ```swift
/// var position = BitBoard(board: Board(), toMove: .x)
/// position.play(3)
/// position.count  // 1
/// ```
struct BitBoard: Hashable, Sendable {
  /// Bits per column: its cells and one empty bit above them.
  static let stride = Board.rows + 1
  /// The bottom cell of each column.
  static let bottomRow: UInt64 = Board.columnRange.reduce(0) { $0 | bottom($1) }
  /// Every cell of the board.
  static let everyCell: UInt64 = bottomRow &* ((1 << UInt64(Board.rows)) - 1)

  /// The discs of the player to move.
  private(set) var current: UInt64 = 0
  /// Every disc.
  private(set) var occupied: UInt64 = 0
  /// How many discs are on the board.
  private(set) var count = 0

  /// The position of `board` with `disc` to move. The board's discs must rest on one another.
  init(board: Board, toMove disc: Disc) {
    for cell in Cell.all {
      guard let owner = board[cell] else { continue }
      let bit = Self.bit(column: cell.column, height: Board.rows - 1 - cell.row)
      self.occupied |= bit
      if owner == disc { self.current |= bit }
      self.count += 1
    }
  }

  static func bit(column: Int, height: Int) -> UInt64 { 1 << UInt64(column * Self.stride + height) }
  static func bottom(_ column: Int) -> UInt64 { Self.bit(column: column, height: 0) }
  static func cells(ofColumn column: Int) -> UInt64 {
    ((1 << UInt64(Board.rows)) - 1) << UInt64(column * Self.stride)
  }

  /// The discs of the player who moved last.
  var opponent: UInt64 { self.current ^ self.occupied }

  /// The cell each column that is not full would take next.
  var playable: UInt64 { (self.occupied &+ Self.bottomRow) & Self.everyCell }

  /// Whether the player to move can complete four with their next disc.
  var canWinNext: Bool { self.winningCells(of: self.current) & self.playable != 0 }

  /// The playable cells that do not let the opponent complete four next move: a forced block
  /// when the opponent threatens one, nothing when they threaten two, and never the cell below
  /// one of their threats. Zero when every move loses.
  var nonLosingMoves: UInt64 {
    var moves = self.playable
    let threats = self.winningCells(of: self.opponent)
    let forced = moves & threats
    if forced != 0 {
      guard forced & (forced &- 1) == 0 else { return 0 }
      moves = forced
    }
    return moves & ~(threats >> 1)
  }

  /// Drops the mover's disc in a column that is not full; the other player is then to move.
  mutating func play(_ column: Int) {
    self.current ^= self.occupied
    self.occupied |= self.occupied &+ Self.bottom(column)
    self.count += 1
  }

  /// The empty cells where one more of `discs` would make four in a row.
  func winningCells(of discs: UInt64) -> UInt64 {
    // NB: Vertical lines only grow upwards: three below an empty cell.
    var cells = (discs << 1) & (discs << 2) & (discs << 3)
    // Across, and along both diagonals.
    cells |= Self.gaps(in: discs, step: UInt64(Self.stride))
    cells |= Self.gaps(in: discs, step: UInt64(Self.stride - 1))
    cells |= Self.gaps(in: discs, step: UInt64(Self.stride + 1))
    return cells & (Self.everyCell ^ self.occupied)
  }

  /// The cells (full or not) that complete four of `discs` along one direction, `step` bits
  /// apart: the gap is the first, second, third or last of the four.
  private static func gaps(in discs: UInt64, step: UInt64) -> UInt64 {
    var cells: UInt64 = 0
    var pair = (discs << step) & (discs << (2 * step))
    cells |= pair & (discs << (3 * step))
    cells |= pair & (discs >> step)
    pair = (discs >> step) & (discs >> (2 * step))
    cells |= pair & (discs << step)
    cells |= pair & (discs >> (3 * step))
    return cells
  }
}
