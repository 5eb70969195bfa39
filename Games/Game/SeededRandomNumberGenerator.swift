/// A fast, deterministic random number generator (xoshiro256**, seeded through SplitMix64).
///
/// The same seed gives the same sequence on every machine, so puzzles, bot moves and replays
/// are reproducible.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// let roll = Int.random(in: 1...6, using: &generator)
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable, Hashable {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  /// Creates a generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    var splitMix = seed
    func next() -> UInt64 {
      splitMix &+= 0x9E37_79B9_7F4A_7C15
      var z = splitMix
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    self.state = (next(), next(), next(), next())
  }

  public mutating func next() -> UInt64 {
    let result = rotate(state.1 &* 5, 7) &* 9
    let t = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= t
    state.3 = rotate(state.3, 45)
    return result
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.state == rhs.state
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(state.0)
    hasher.combine(state.1)
    hasher.combine(state.2)
    hasher.combine(state.3)
  }
}

private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 {
  (x << k) | (x >> (64 - k))
}
