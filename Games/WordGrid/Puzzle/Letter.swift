/// The letter on a face: one of A to Z, or "QU", which is a single face.
///
/// Encodes as its text (`"A"`, `"QU"`).
///
/// ```swift
/// let qu = Letter("QU")!
/// qu.text   // "QU"
/// qu.value  // 13: Q (12) plus U (1)
/// ```
public struct Letter: Hashable, Codable, Sendable, CustomStringConvertible {
  /// 0 to 25 for A to Z, 26 for QU.
  public let code: UInt8

  /// The code of the "QU" face.
  public static let quCode: UInt8 = 26

  public init?(code: UInt8) {
    guard code <= Self.quCode else { return nil }
    self.code = code
  }

  /// The letter for `text` ("A" to "Z" or "QU", either case), or nil.
  public init?(_ text: String) {
    let upper = text.uppercased()
    if upper == "QU" {
      self.code = Self.quCode
    } else if upper.utf8.count == 1, let byte = upper.utf8.first, (65...90).contains(byte) {
      self.code = byte - 65
    } else {
      return nil
    }
  }

  /// "A" to "Z", or "QU".
  public var text: String {
    self.code == Self.quCode ? "QU" : String(UnicodeScalar(self.code + 65))
  }

  /// The lower-case letters the face adds to a word: one, or "qu".
  public var lowercased: String { self.text.lowercased() }

  /// How many letters the face adds to a word's length: 2 for QU, otherwise 1.
  public var length: Int { self.code == Self.quCode ? 2 : 1 }

  /// The face's points: its letter's value, or Q's plus U's for QU.
  public var value: Int {
    self.code == Self.quCode
      ? Scoring.letterValues[16] + Scoring.letterValues[20]
      : Scoring.letterValues[Int(self.code)]
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let letter = Letter(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Expected A to Z or QU, got \(text)")
    }
    self = letter
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.text)
  }

  public var description: String { self.text }
}
