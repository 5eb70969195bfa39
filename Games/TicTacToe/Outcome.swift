/// How a game of tic-tac-toe ended.
///
/// ```swift
/// Outcome.win(.x, line: Line(kind: .row(0))).winner  // .x
/// Outcome.draw.winner                                 // nil
/// ```
public enum Outcome: Hashable, Sendable {
  /// Three in a line.
  case win(Mark, line: Line)
  /// A full board with no line.
  case draw
  /// The other player resigned.
  case resignation(winner: Mark)
  /// The other player ran out of time on a move.
  case timeout(winner: Mark)

  /// The winning mark, or nil for a draw.
  public var winner: Mark? {
    switch self {
    case let .win(mark, _), let .resignation(mark), let .timeout(mark): mark
    case .draw: nil
    }
  }
}

extension Outcome: Codable {
  private enum CodingKeys: String, CodingKey { case result, winner, line }

  /// Encodes as `{"result": "win", "winner": "X", "line": {...}}`, `{"result": "draw"}`,
  /// `{"result": "resignation", "winner": "O"}` or `{"result": "timeout", "winner": "X"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case let .win(mark, line):
      try container.encode("win", forKey: .result)
      try container.encode(mark, forKey: .winner)
      try container.encode(line, forKey: .line)
    case .draw:
      try container.encode("draw", forKey: .result)
    case let .resignation(mark):
      try container.encode("resignation", forKey: .result)
      try container.encode(mark, forKey: .winner)
    case let .timeout(mark):
      try container.encode("timeout", forKey: .result)
      try container.encode(mark, forKey: .winner)
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .result) {
    case "win":
      self = .win(
        try container.decode(Mark.self, forKey: .winner), line: try container.decode(Line.self, forKey: .line))
    case "draw": self = .draw
    case "resignation": self = .resignation(winner: try container.decode(Mark.self, forKey: .winner))
    case "timeout": self = .timeout(winner: try container.decode(Mark.self, forKey: .winner))
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .result, in: container, debugDescription: "Unknown result \(other)")
    }
  }
}
