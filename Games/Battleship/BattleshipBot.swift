import GameServerGame

/// Battleship's bots, which see what their seat sees (their view): `random` places its fleet at
/// random and fires at any square it has not fired at; `hunter` places at random too, then
/// hunts on alternate squares (every ship covers one) until it hits, and then targets: along the
/// line of two hits or more, else beside a hit, until the ship sinks.
public enum BattleshipBot: String, Hashable, Codable, Sendable, CaseIterable {
  case random, hunter

  /// The bot's move in its view: its fleet while placing, a shot on its turn, nil otherwise.
  public func move(in view: BattleshipView, using generator: inout some RandomNumberGenerator) -> Battleship.Move? {
    guard let you = view.you else { return nil }
    switch view.phase {
    case .placing: return view.placed[you] ? nil : .place(ships: Fleet.random(using: &generator))
    case .firing: break
    case .over: return nil
    }
    guard view.turn == you else { return nil }
    let target = Sea(view.waters[1 - you].rows)
    let square =
      switch self {
      case .random: target.unknown.randomElement(using: &generator)
      case .hunter:
        (target.lineEnds.nonEmpty ?? target.besideHits.nonEmpty ?? target.huntingSquares.nonEmpty ?? target.unknown)
          .randomElement(using: &generator)
      }
    return square.map { .fire(row: $0.row, column: $0.column) }
  }
}

/// The opponent's waters as a bot reads them from its view.
struct Sea {
  var marks: [Square: Character] = [:]

  init(_ rows: [String]) {
    for (row, text) in rows.enumerated() {
      for (column, mark) in text.enumerated() { self.marks[Square(row: row, column: column)] = mark }
    }
  }

  func mark(_ square: Square) -> Character? { self.marks[square] }

  /// The squares nothing is known of.
  var unknown: [Square] { Square.all.filter { self.mark($0) == "." } }

  /// Squares hit on a ship not yet sunk.
  var hits: [Square] { Square.all.filter { self.mark($0) == "x" } }

  /// Unknown squares beside a hit.
  var besideHits: [Square] { Array(Set(self.hits.flatMap(\.neighbours).filter { self.mark($0) == "." })).sorted() }

  /// Unknown squares at either end of a line of two hits or more.
  var lineEnds: [Square] {
    var ends: Set<Square> = []
    for hit in self.hits {
      for (dr, dc) in [(0, 1), (1, 0)] where self.mark(Square(row: hit.row + dr, column: hit.column + dc)) == "x" {
        for sign in [1, -1] {
          var square = hit
          while self.mark(square) == "x" {
            square = Square(row: square.row + sign * dr, column: square.column + sign * dc)
          }
          if self.mark(square) == "." { ends.insert(square) }
        }
      }
    }
    return ends.sorted()
  }

  /// Unknown squares of one colour of a chessboard: every ship of two or more covers one.
  var huntingSquares: [Square] { self.unknown.filter { ($0.row + $0.column) % 2 == 0 } }
}

extension Array {
  /// The array, or nil when it is empty.
  var nonEmpty: Self? { self.isEmpty ? nil : self }
}
