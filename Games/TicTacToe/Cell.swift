/// A cell of the board, by row and column (each 0...2 on the board).
///
/// Cells decoded from a client may be off the board; `isOnBoard` says so and the game rejects
/// them.
///
/// ```swift
/// let centre = Cell(row: 1, column: 1)
/// centre.index  // 4
/// ```
public struct Cell: Hashable, Codable, Sendable, CustomStringConvertible {
  public var row: Int
  public var column: Int

  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }

  /// The cell at `index` (row * 3 + column), or nil off the board.
  public init?(index: Int) {
    guard (0..<9).contains(index) else { return nil }
    self.init(row: index / 3, column: index % 3)
  }

  /// The nine cells, row by row.
  public static let all = (0..<9).map { Cell(row: $0 / 3, column: $0 % 3) }

  /// Whether row and column are both in 0...2.
  public var isOnBoard: Bool { (0...2).contains(self.row) && (0...2).contains(self.column) }

  /// row * 3 + column.
  public var index: Int { self.row * 3 + self.column }

  public var description: String { "(\(self.row), \(self.column))" }
}
