/// How words score.
///
/// Score = (sum of letter values) × length × max(1, length − 3), where a "QU" face adds both
/// letters' values and 2 to the length.
///
/// ```swift
/// Scoring.score("cab")      // 27
/// Scoring.score("removes")  // 420
/// ```
public enum Scoring {
  /// The value of each letter, A to Z: A1 B4 C4 D3 E1 F5 G3 H5 I1 J9 K6 L2 M4 N2 O1 P4 Q12 R2
  /// S1 T2 U1 V5 W5 X9 Y5 Z11.
  public static let letterValues = [
    1, 4, 4, 3, 1, 5, 3, 5, 1, 9, 6, 2, 4, 2, 1, 4, 12, 2, 1, 2, 1, 5, 5, 9, 5, 11,
  ]

  /// The score of a lower-case word (letters a to z); 0 if it has any other character.
  public static func score(_ word: String) -> Int {
    var sum = 0
    var length = 0
    for byte in word.utf8 {
      guard (97...122).contains(byte) else { return 0 }
      sum += letterValues[Int(byte - 97)]
      length += 1
    }
    return sum * length * max(1, length - 3)
  }

  /// The score of a word traced through faces with these letters.
  public static func score(_ letters: some Sequence<Letter>) -> Int {
    var sum = 0
    var length = 0
    for letter in letters {
      sum += letter.value
      length += letter.length
    }
    return sum * length * max(1, length - 3)
  }
}
