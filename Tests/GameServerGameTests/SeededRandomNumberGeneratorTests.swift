import GameServerGame
import Testing

struct SeededRandomNumberGeneratorTests {
  @Test func sameSeedSameSequence() {
    var a = SeededRandomNumberGenerator(seed: 7)
    var b = SeededRandomNumberGenerator(seed: 7)
    let first = (0..<100).map { _ in a.next() }
    let second = (0..<100).map { _ in b.next() }
    #expect(first == second)
  }

  @Test func differentSeedsDiffer() {
    var a = SeededRandomNumberGenerator(seed: 1)
    var b = SeededRandomNumberGenerator(seed: 2)
    #expect((0..<8).map { _ in a.next() } != (0..<8).map { _ in b.next() })
  }

  @Test func spreadsOverARange() {
    var generator = SeededRandomNumberGenerator(seed: 99)
    var counts = [Int](repeating: 0, count: 6)
    for _ in 0..<6_000 { counts[Int.random(in: 0..<6, using: &generator)] += 1 }
    #expect(counts.allSatisfy { (800...1_200).contains($0) })
  }

  @Test func playerIDCodesAsAString() throws {
    let id: PlayerID = "alice"
    #expect(id.description == "alice")
    #expect(id.rawValue == "alice")
    #expect(PlayerID(rawValue: "a") < PlayerID(rawValue: "b"))
  }
}
