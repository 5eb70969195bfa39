/// The 3×3 board: a mark or nothing in each cell.
///
/// ```swift
/// var board = Board()
/// board[Cell(row: 0, column: 0)] = .x
/// board.emptyCells.count  // 8
/// ```
public struct Board: Hashable, Codable, Sendable {
  /// The cells, row by row.
  public var cells: [Mark?]

  public init() { self.cells = Array(repeating: nil, count: 9) }

  /// A board from three strings of "X", "O" and "." (or " "), top row first.
  ///
  /// ```swift
  /// let board = Board("XO.", ".X.", "..O")
  /// ```
  public init(_ rows: String...) {
    self.init()
    for (row, text) in rows.prefix(3).enumerated() {
      for (column, character) in text.prefix(3).enumerated() {
        self.cells[row * 3 + column] = Mark(rawValue: String(character))
      }
    }
  }

  /// The mark in an on-board cell.
  public subscript(cell: Cell) -> Mark? {
    get { self.cells[cell.index] }
    set { self.cells[cell.index] = newValue }
  }

  /// The cells with no mark, row by row.
  public var emptyCells: [Cell] { Cell.all.filter { self[$0] == nil } }

  /// Whether every cell has a mark.
  public var isFull: Bool { !self.cells.contains(nil) }

  /// The first line whose three cells hold the same mark, with that mark.
  public var winningLine: (mark: Mark, line: Line)? {
    // NB: Checked after every move: the lines' cell indices are worked out once.
    for (line, first, second, third) in Self.lineIndices {
      if let mark = self.cells[first], self.cells[second] == mark, self.cells[third] == mark {
        return (mark, line)
      }
    }
    return nil
  }

  /// Each line with the indices of its three cells.
  private static let lineIndices: [(Line, Int, Int, Int)] = Line.all.map { line in
    let cells = line.cells
    return (line, cells[0].index, cells[1].index, cells[2].index)
  }

  /// How many cells hold `mark`.
  public func count(of mark: Mark) -> Int { self.cells.filter { $0 == mark }.count }
}
