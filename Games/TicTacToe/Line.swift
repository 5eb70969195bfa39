/// A winning line: a row, a column or a diagonal.
///
/// ```swift
/// Line.all.count              // 8
/// Line(kind: .diagonal).cells // (0, 0), (1, 1), (2, 2)
/// ```
public struct Line: Hashable, Codable, Sendable {
  public enum Kind: Hashable, Codable, Sendable {
    case row(Int)
    case column(Int)
    /// From the top left to the bottom right.
    case diagonal
    /// From the top right to the bottom left.
    case antiDiagonal
  }

  public var kind: Kind

  public init(kind: Kind) { self.kind = kind }

  /// The line's three cells.
  public var cells: [Cell] { (0...2).map(self.cell) }

  /// The line's cell number `index` (0 to 2), from the top or the left.
  func cell(_ index: Int) -> Cell {
    switch self.kind {
    case let .row(row): Cell(row: row, column: index)
    case let .column(column): Cell(row: index, column: column)
    case .diagonal: Cell(row: index, column: index)
    case .antiDiagonal: Cell(row: index, column: 2 - index)
    }
  }

  /// All eight lines.
  public static let all: [Line] =
    (0...2).map { Line(kind: .row($0)) } + (0...2).map { Line(kind: .column($0)) }
    + [Line(kind: .diagonal), Line(kind: .antiDiagonal)]

  private enum CodingKeys: String, CodingKey { case kind, index, cells }

  /// Encodes as `{"kind": "row", "index": 1, "cells": [...]}`; diagonals have no index.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self.kind {
    case let .row(index):
      try container.encode("row", forKey: .kind)
      try container.encode(index, forKey: .index)
    case let .column(index):
      try container.encode("column", forKey: .kind)
      try container.encode(index, forKey: .index)
    case .diagonal: try container.encode("diagonal", forKey: .kind)
    case .antiDiagonal: try container.encode("antiDiagonal", forKey: .kind)
    }
    try container.encode(self.cells, forKey: .cells)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .kind) {
    case "row": self.kind = .row(try container.decode(Int.self, forKey: .index))
    case "column": self.kind = .column(try container.decode(Int.self, forKey: .index))
    case "diagonal": self.kind = .diagonal
    case "antiDiagonal": self.kind = .antiDiagonal
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "Unknown line \(other)")
    }
  }
}
