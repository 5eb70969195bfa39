/// The cells played in a game, in order.
///
/// A game's nine or fewer on-board cells are kept in one `UInt64` (four bits each, and the
/// count): a move copies no buffer, even while the room keeps the state from before it. Other
/// cells (off the board, or a tenth) are kept in a list, so any sequence of cells can be held,
/// and two holding the same cells are equal whichever way they keep them.
///
/// Its JSON is the list of cells: `[{"row":1,"column":1},{"row":0,"column":2}]`.
///
/// ```swift
/// var played: PlayedCells = []
/// played.append(Cell(row: 1, column: 1))
/// played.last  // Cell(row: 1, column: 1)
/// ```
public struct PlayedCells: RandomAccessCollection, Hashable, Sendable, Codable, ExpressibleByArrayLiteral {
  private enum Storage: Hashable, Sendable {
    /// Cell `i`'s index (0 to 8) in bits 4i to 4i+3; the count in bits 36 to 39.
    case packed(UInt64)
    /// Only when the cells cannot be packed: then no packed form holds them.
    case list([Cell])
  }

  private var storage = Storage.packed(0)

  private static let countShift: UInt64 = 36
  private static let capacity = 9

  public init() {}

  public init(_ cells: some Sequence<Cell>) {
    for cell in cells { self.append(cell) }
  }

  public init(arrayLiteral cells: Cell...) {
    self.init(cells)
  }

  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch self.storage {
    case let .packed(bits): Int(bits >> Self.countShift)
    case let .list(cells): cells.count
    }
  }

  public subscript(position: Int) -> Cell {
    switch self.storage {
    case let .packed(bits):
      precondition(position >= 0 && position < Int(bits >> Self.countShift), "Index out of range")
      return Cell(index: Int(bits >> UInt64(position * 4) & 0xF))!
    case let .list(cells):
      return cells[position]
    }
  }

  public mutating func append(_ cell: Cell) {
    switch self.storage {
    case let .packed(bits):
      let count = Int(bits >> Self.countShift)
      guard cell.isOnBoard, count < Self.capacity else {
        self.storage = .list(Array(self) + [cell])
        return
      }
      let cleared = bits & ~(0xF << Self.countShift)
      self.storage = .packed(cleared | UInt64(cell.index) << UInt64(count * 4) | UInt64(count + 1) << Self.countShift)
    case var .list(cells):
      self.storage = .packed(0)
      cells.append(cell)
      self.storage = .list(cells)
    }
  }

  public mutating func removeAll() {
    self.storage = .packed(0)
  }

  public init(from decoder: any Decoder) throws {
    self.init(try [Cell](from: decoder))
  }

  public func encode(to encoder: any Encoder) throws {
    try Array(self).encode(to: encoder)
  }
}
