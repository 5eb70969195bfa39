import GameServerGame

/// A square of the 10 × 10 sea: row 0 is the top, column 0 the left. People name it by a letter
/// for the row and a number for the column (``name``: `A1` is the top left, `J10` the bottom
/// right).
public struct Square: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
  public var row: Int
  public var column: Int

  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }

  /// The sea's side.
  public static let size = 10

  /// Every square, row by row.
  public static let all = (0..<size).flatMap { row in (0..<size).map { Square(row: row, column: $0) } }

  /// Whether the square is on the sea (a client may send any numbers).
  public var isOnTheSea: Bool { (0..<Self.size).contains(self.row) && (0..<Self.size).contains(self.column) }

  /// `A1` to `J10`, for people.
  public var name: String {
    guard self.isOnTheSea else { return "(row \(self.row), column \(self.column))" }
    return String(UnicodeScalar(UInt8(65 + self.row))) + String(self.column + 1)
  }

  public var description: String { self.name }

  /// The four squares beside this one that are on the sea.
  public var neighbours: [Square] {
    [(-1, 0), (1, 0), (0, -1), (0, 1)].map { Square(row: self.row + $0.0, column: self.column + $0.1) }
      .filter(\.isOnTheSea)
  }

  public static func < (lhs: Square, rhs: Square) -> Bool { (lhs.row, lhs.column) < (rhs.row, rhs.column) }
}

/// A ship: where its bow is (its top or left square), how long it is, and which way it lies.
/// On the wire: `{"row":0,"column":0,"length":5,"vertical":false}`.
public struct Ship: Hashable, Codable, Sendable {
  public var row: Int
  public var column: Int
  public var length: Int
  public var vertical: Bool

  public init(row: Int, column: Int, length: Int, vertical: Bool) {
    self.row = row
    self.column = column
    self.length = length
    self.vertical = vertical
  }

  /// The ship's squares, bow first. Empty for a length out of the fleet's range (a client's
  /// nonsense), so that no arithmetic on it can trap.
  public var squares: [Square] {
    guard (1...Square.size).contains(self.length), abs(self.row) <= Square.size, abs(self.column) <= Square.size
    else { return [] }
    var squares: [Square] = []
    squares.reserveCapacity(self.length)
    for offset in 0..<self.length {
      squares.append(
        Square(row: self.row + (self.vertical ? offset : 0), column: self.column + (self.vertical ? 0 : offset)))
    }
    return squares
  }

  /// The ship's name by its length, as the classic fleet names them.
  public var name: String {
    switch self.length {
    case 5: "carrier"
    case 4: "battleship"
    case 3: "cruiser or submarine"
    case 2: "destroyer"
    default: "ship of \(self.length)"
    }
  }
}

/// A player's five ships, placed before the shooting starts.
public enum Fleet {
  /// The lengths of the ships of a fleet: a carrier, a battleship, a cruiser, a submarine and a
  /// destroyer.
  public static let lengths = [5, 4, 3, 3, 2]

  /// Why a fleet may not be placed, or nil when it may: five ships of the fleet's lengths, each on
  /// the sea, none sharing a square with another (they may touch).
  public static func problem(with ships: [Ship]) -> String? {
    guard ships.map(\.length).sorted() == Self.lengths.sorted() else {
      return
        "A fleet is five ships of lengths 5, 4, 3, 3 and 2, not \(ships.map { String($0.length) }.joined(separator: ", "))."
    }
    var taken: Set<Square> = []
    for ship in ships {
      let squares = ship.squares
      guard let stern = squares.last, squares.allSatisfy(\.isOnTheSea) else {
        return "The \(ship.name) at \(Square(row: ship.row, column: ship.column).name) goes off the sea."
      }
      for square in squares where !taken.insert(square).inserted {
        return "Two ships share \(square.name) (the \(ship.name) from \(squares[0].name) to \(stern.name))."
      }
    }
    return nil
  }

  /// A fleet placed at random: every legal placement of each ship in turn equally likely.
  public static func random(using generator: inout some RandomNumberGenerator) -> [Ship] {
    Self.random(avoiding: [], keeping: [], using: &generator) ?? []
  }

  /// The ships of `lengths` placed at random on squares that are not in `avoiding` nor under a
  /// ship of `keeping`; nil when they do not fit.
  public static func random(
    lengths: [Int] = Fleet.lengths, avoiding: Set<Square>, keeping: [Ship],
    using generator: inout some RandomNumberGenerator
  ) -> [Ship]? {
    // NB: A mark a square, row by row: cheap enough to place fleets by the thousand (audits).
    var taken = [Bool](repeating: false, count: Square.size * Square.size)
    for square in avoiding.union(keeping.flatMap(\.squares)) where square.isOnTheSea {
      taken[square.row * Square.size + square.column] = true
    }
    var ships: [Ship] = []
    for length in lengths {
      var places: [Ship] = []
      for row in 0..<Square.size {
        for column in 0..<Square.size {
          for vertical in [false, true] {
            let (last, step) = vertical ? (row + length - 1, Square.size) : (column + length - 1, 1)
            guard last < Square.size else { continue }
            let bow = row * Square.size + column
            if !(0..<length).contains(where: { taken[bow + $0 * step] }) {
              places.append(Ship(row: row, column: column, length: length, vertical: vertical))
            }
          }
        }
      }
      guard let ship = places.randomElement(using: &generator) else { return nil }
      ships.append(ship)
      for square in ship.squares { taken[square.row * Square.size + square.column] = true }
    }
    return ships
  }
}
