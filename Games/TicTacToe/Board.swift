/// The 3×3 board: a mark or nothing in each cell.
///
/// ```swift
/// var board = Board()
/// board[Cell(row: 0, column: 0)] = .x
/// board.emptyCells.count  // 8
/// ```
public struct Board: Hashable, Sendable {
  /// Two bits per cell, cell 0 lowest: 0 for no mark, 1 for X, 2 for O. A value, not a list:
  /// a move copies no buffer, even while the room keeps the state from before it.
  private var packed: UInt32 = 0

  public init() {}

  /// The cells, row by row.
  public var cells: [Mark?] {
    get { (0..<9).map { self[index: $0] } }
    set {
      self.packed = 0
      for (index, mark) in newValue.prefix(9).enumerated() { self[index: index] = mark }
    }
  }

  /// A board from three strings of "X", "O" and "." (or " "), top row first.
  ///
  /// ```swift
  /// let board = Board("XO.", ".X.", "..O")
  /// ```
  public init(_ rows: String...) {
    self.init(rows: rows)
  }

  /// A board from up to three strings of "X", "O" and "." (or " "), top row first.
  public init(rows: [String]) {
    self.init()
    for (row, text) in rows.prefix(3).enumerated() {
      for (column, character) in text.prefix(3).enumerated() {
        self[index: row * 3 + column] = Mark(rawValue: String(character))
      }
    }
  }

  /// The mark in an on-board cell.
  public subscript(cell: Cell) -> Mark? {
    get { self[index: cell.index] }
    set { self[index: cell.index] = newValue }
  }

  /// The mark at `index` (row * 3 + column, 0 to 8).
  subscript(index index: Int) -> Mark? {
    get { Self.mark(code: self.code(at: index)) }
    set {
      let shift = UInt32(index * 2)
      self.packed = self.packed & ~(3 << shift) | Self.code(of: newValue) << shift
    }
  }

  /// A row's three cells as a number from 0 to 26, the left cell most significant: each cell
  /// 0 for no mark, 1 for X, 2 for O.
  func rowCode(_ row: Int) -> Int {
    self.code(at: row * 3) * 9 + self.code(at: row * 3 + 1) * 3 + self.code(at: row * 3 + 2)
  }

  /// The rows as strings of "X", "O" and ".", top row first.
  public var rows: [String] { (0...2).map { Self.rowTexts[self.rowCode($0)] } }

  /// The text of each row code (``rowCode(_:)``), made once.
  static let rowTexts: [String] = (0..<27).map { code in
    let symbols: [Character] = [".", "X", "O"]
    return String([symbols[code / 9], symbols[code / 3 % 3], symbols[code % 3]])
  }

  private func code(at index: Int) -> Int { Int(self.packed >> UInt32(index * 2) & 3) }

  private static func code(of mark: Mark?) -> UInt32 { mark == .x ? 1 : mark == .o ? 2 : 0 }

  private static func mark(code: Int) -> Mark? { code == 1 ? .x : code == 2 ? .o : nil }

  /// The cells with no mark, row by row.
  public var emptyCells: [Cell] { Cell.all.filter { self[$0] == nil } }

  /// Whether every cell has a mark.
  public var isFull: Bool { (0..<9).allSatisfy { self.code(at: $0) != 0 } }

  /// The first line whose three cells hold the same mark, with that mark.
  public var winningLine: (mark: Mark, line: Line)? {
    // NB: Checked after every move: the lines' cell indices are worked out once.
    for (line, first, second, third) in Self.lineIndices {
      if let mark = self[index: first], self[index: second] == mark, self[index: third] == mark {
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
  public func count(of mark: Mark) -> Int { (0..<9).count { self[index: $0] == mark } }
}

extension Board: Codable {
  private enum CodingKeys: String, CodingKey { case cells }

  /// Decodes `{"cells": [null, "X", ...]}`, the form boards have always been logged in.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let cells = try container.decode([Mark?].self, forKey: .cells)
    guard cells.count == 9 else {
      throw DecodingError.dataCorruptedError(
        forKey: .cells, in: container, debugDescription: "A board has 9 cells, not \(cells.count).")
    }
    self.init()
    self.cells = cells
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.cells, forKey: .cells)
  }
}
