/// The 7×6 board, with gravity: a disc dropped in a column lands on the lowest empty cell.
///
/// ```swift
/// var board = Board()
/// board.drop(.x, inColumn: 3)  // Cell(row: 5, column: 3)
/// board.drop(.o, inColumn: 3)  // Cell(row: 4, column: 3)
/// ```
public struct Board: Hashable, Codable, Sendable {
  public static let rows = 6
  public static let columns = 7
  /// The columns a move may name.
  public static let columnRange = 0..<Board.columns

  /// The cells, row by row from the top.
  public var cells: [Disc?]

  public init() { self.cells = Array(repeating: nil, count: Self.rows * Self.columns) }

  /// A board from six strings of "X", "O" and "." (or " "), top row first. Nothing checks that
  /// the discs rest on one another.
  ///
  /// ```swift
  /// let board = Board(".......", ".......", ".......", ".......", "...O...", "..XXO..")
  /// ```
  public init(_ rows: String...) {
    self.init(rows: rows)
  }

  /// A board from six strings, top row first, as a view's `board` holds them.
  public init(rows: [String]) {
    self.init()
    for (row, text) in rows.prefix(Self.rows).enumerated() {
      for (column, character) in text.prefix(Self.columns).enumerated() {
        self.cells[row * Self.columns + column] = Disc(rawValue: String(character))
      }
    }
  }

  /// The disc in an on-board cell.
  public subscript(cell: Cell) -> Disc? {
    get { self.cells[cell.index] }
    set { self.cells[cell.index] = newValue }
  }

  /// How many discs a column holds; 0 for a column off the board.
  public func height(ofColumn column: Int) -> Int {
    guard Self.columnRange.contains(column) else { return 0 }
    var height = 0
    while height < Self.rows, self.cells[(Self.rows - 1 - height) * Self.columns + column] != nil { height += 1 }
    return height
  }

  /// The cell a disc dropped in `column` lands on, or nil when the column is full or off the
  /// board.
  public func landingCell(inColumn column: Int) -> Cell? {
    guard Self.columnRange.contains(column) else { return nil }
    let height = self.height(ofColumn: column)
    return height < Self.rows ? Cell(row: Self.rows - 1 - height, column: column) : nil
  }

  /// The highest disc of a column, or nil when it is empty or off the board.
  public func topCell(inColumn column: Int) -> Cell? {
    let height = self.height(ofColumn: column)
    return height > 0 ? Cell(row: Self.rows - height, column: column) : nil
  }

  /// Drops `disc` in `column`; returns where it landed, or nil (and changes nothing) when the
  /// column is full or off the board.
  @discardableResult
  public mutating func drop(_ disc: Disc, inColumn column: Int) -> Cell? {
    guard let cell = self.landingCell(inColumn: column) else { return nil }
    self[cell] = disc
    return cell
  }

  /// The columns that are not full, left to right.
  public var legalColumns: [Int] { Self.columnRange.filter { self.cells[$0] == nil } }

  /// Whether every cell holds a disc.
  public var isFull: Bool { !self.cells.contains(nil) }

  /// Four cells in a row through `cell` holding its disc, or nil. Directions are tried across,
  /// down, down-right and down-left; of a longer run, the first four from its top (or left) end.
  public func fourInARow(through cell: Cell) -> [Cell]? {
    guard cell.isOnBoard, let disc = self[cell] else { return nil }
    func holdsDisc(_ cell: Cell) -> Bool { cell.isOnBoard && self[cell] == disc }
    for (rowStep, columnStep) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
      var start = cell
      while holdsDisc(Cell(row: start.row - rowStep, column: start.column - columnStep)) {
        start = Cell(row: start.row - rowStep, column: start.column - columnStep)
      }
      let run = (0..<4).map { Cell(row: start.row + $0 * rowStep, column: start.column + $0 * columnStep) }
      if run.allSatisfy(holdsDisc) { return run }
    }
    return nil
  }

  /// How many cells hold `disc`.
  public func count(of disc: Disc) -> Int { self.cells.filter { $0 == disc }.count }
}
