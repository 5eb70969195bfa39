/// How a game of Connect Four ended.
///
/// ```swift
/// let four = (0...3).map { Cell(row: 5, column: $0) }
/// Outcome.win(.x, cells: four).winner  // .x
/// Outcome.draw.winner                  // nil
/// ```
public enum Outcome: Hashable, Sendable {
  /// Four in a row: the winner's four cells.
  case win(Disc, cells: [Cell])
  /// A full board with no four in a row.
  case draw
  /// The other player resigned.
  case resignation(winner: Disc)
  /// The other player ran out of time on a move.
  case timeout(winner: Disc)

  /// The winning disc, or nil for a draw.
  public var winner: Disc? {
    switch self {
    case let .win(disc, _), let .resignation(disc), let .timeout(disc): disc
    case .draw: nil
    }
  }
}

extension Outcome: Codable {
  private enum CodingKeys: String, CodingKey { case result, winner, cells }

  /// Encodes as `{"result": "win", "winner": "X", "cells": [{"row": 5, "column": 0}, ...]}`,
  /// `{"result": "draw"}`, `{"result": "resignation", "winner": "O"}` or
  /// `{"result": "timeout", "winner": "X"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case let .win(disc, cells):
      try container.encode("win", forKey: .result)
      try container.encode(disc, forKey: .winner)
      try container.encode(cells, forKey: .cells)
    case .draw:
      try container.encode("draw", forKey: .result)
    case let .resignation(disc):
      try container.encode("resignation", forKey: .result)
      try container.encode(disc, forKey: .winner)
    case let .timeout(disc):
      try container.encode("timeout", forKey: .result)
      try container.encode(disc, forKey: .winner)
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .result) {
    case "win":
      self = .win(
        try container.decode(Disc.self, forKey: .winner), cells: try container.decode([Cell].self, forKey: .cells))
    case "draw": self = .draw
    case "resignation": self = .resignation(winner: try container.decode(Disc.self, forKey: .winner))
    case "timeout": self = .timeout(winner: try container.decode(Disc.self, forKey: .winner))
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .result, in: container, debugDescription: "Unknown result \(other)")
    }
  }
}
