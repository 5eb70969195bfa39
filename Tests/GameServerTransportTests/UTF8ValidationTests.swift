import Testing

@testable import GameServerTransport

struct UTF8ValidationTests {
  @Test(
    arguments: [
      ([], true),
      (Array("plain ASCII, longer than eight bytes".utf8), true),
      (Array("é€😀 mixed".utf8), true),
      ([0xC0, 0xAF], false),  // overlong
      ([0xE0, 0x80, 0xAF], false),  // overlong
      ([0xED, 0xA0, 0x80], false),  // surrogate
      ([0xF4, 0x90, 0x80, 0x80], false),  // past U+10FFFF
      ([0xF5, 0x80, 0x80, 0x80], false),
      ([0xE2, 0x82], false),  // cut short
      ([0x80], false),  // a continuation alone
      ([0xFF], false),
    ] as [([UInt8], Bool)])
  func knownCases(bytes: [UInt8], valid: Bool) {
    #expect(isValidUTF8(bytes) == valid)
  }

  /// The same verdict as the standard library's decoder on random bytes, mostly ASCII with runs
  /// of high bytes.
  @Test func agreesWithTheStandardLibrary() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...24, using: &generator)
      let bytes = (0..<count).map { _ -> UInt8 in
        Bool.random(using: &generator)
          ? UInt8.random(in: 0x20...0x7E, using: &generator) : UInt8.random(in: 0x80...0xFF, using: &generator)
      }
      #expect(isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
    }
  }
}
