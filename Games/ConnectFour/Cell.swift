/// A cell of the board, by row (0...5, top row first) and column (0...6, left first).
///
/// A disc dropped in a column lands in the empty cell with the highest row number.
///
/// ```swift
/// let bottomCentre = Cell(row: 5, column: 3)
/// bottomCentre.index  // 38
/// ```
public struct Cell: Hashable, Codable, Sendable, CustomStringConvertible {
  public var row: Int
  public var column: Int

  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }

  /// The 42 cells, row by row from the top.
  public static let all = (0..<Board.rows * Board.columns).map {
    Cell(row: $0 / Board.columns, column: $0 % Board.columns)
  }

  /// Whether row and column are both on the board.
  public var isOnBoard: Bool {
    (0..<Board.rows).contains(self.row) && Board.columnRange.contains(self.column)
  }

  /// row * 7 + column.
  public var index: Int { self.row * Board.columns + self.column }

  public var description: String { "(\(self.row), \(self.column))" }
}
