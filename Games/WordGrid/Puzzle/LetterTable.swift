/// The weighted table that puzzle letters are drawn from.
///
/// The weights follow the letter frequencies of Boggle dice: common letters are common, and the
/// rare ones (J, K, X, Z and the "QU" face) are drawn 2 times in 209.
///
/// | letter | weight | letter | weight | letter | weight |
/// |---|---|---|---|---|---|
/// | E | 24 | H | 10 | B | 4 |
/// | A | 16 | L | 10 | F | 4 |
/// | O | 15 | D | 8 | W | 4 |
/// | T | 15 | U | 8 | V | 3 |
/// | I | 13 | C | 6 | J | 2 |
/// | N | 13 | M | 6 | K | 2 |
/// | R | 13 | G | 5 | X | 2 |
/// | S | 12 | P | 5 | Z | 2 |
/// |   |    | Y | 5 | QU | 2 |
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 1)
/// let letter = LetterTable.draw(using: &generator)
/// ```
public enum LetterTable {
  /// Each face letter with its weight.
  public static let weights: [(letter: Letter, weight: Int)] = [
    ("E", 24), ("A", 16), ("O", 15), ("T", 15), ("I", 13), ("N", 13), ("R", 13), ("S", 12),
    ("H", 10), ("L", 10), ("D", 8), ("U", 8), ("C", 6), ("M", 6), ("G", 5), ("P", 5), ("Y", 5),
    ("B", 4), ("F", 4), ("W", 4), ("V", 3), ("J", 2), ("K", 2), ("X", 2), ("Z", 2), ("QU", 2),
  ].map { (Letter($0.0)!, $0.1) }

  /// The sum of the weights (209).
  public static let totalWeight = weights.reduce(0) { $0 + $1.weight }

  /// Draws one letter with the table's weights.
  public static func draw(using generator: inout some RandomNumberGenerator) -> Letter {
    var roll = Int.random(in: 0..<totalWeight, using: &generator)
    for entry in weights {
      if roll < entry.weight { return entry.letter }
      roll -= entry.weight
    }
    return weights[0].letter
  }
}
