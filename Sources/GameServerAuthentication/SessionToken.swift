import Crypto

/// Session tokens: 192 random bits a client presents to resume its session, stored only as a
/// SHA-256 hash.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let token = SessionToken.make(using: &generator)  // 48 hex digits
/// let stored = SessionToken.hash(token)             // 64 hex digits
/// ```
public enum SessionToken {
  /// A new token: 24 random bytes as lower-case hex.
  public static func make(using generator: inout some RandomNumberGenerator) -> String {
    hex((0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) })
  }

  /// The SHA-256 of a token, as lower-case hex: what the database keeps.
  public static func hash(_ token: String) -> String {
    hex(Array(SHA256.hash(data: Array(token.utf8))))
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
