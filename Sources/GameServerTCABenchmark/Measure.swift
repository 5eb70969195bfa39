import GameServerCAllocationCounter

/// How long and how often each case runs.
struct Settings: Sendable {
  /// Each timed run lasts at least this long…
  var minimumRunNanoseconds: Double = 200_000_000
  /// …unless it already makes this many iterations.
  var sufficientIterations = 1_000_000
  /// Timed runs per case; the median is reported.
  var runs = 5
  /// Iterations of the separate pass that counts allocations.
  var allocationIterations = 20_000
  /// Only the cases whose key contains this (`--only root`), for profiling.
  var only: String?

  init(arguments: [String]) {
    if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
      self.only = arguments[index + 1]
    }
    if arguments.contains("--quick") {
      self.minimumRunNanoseconds = 20_000_000
      self.sufficientIterations = 100_000
      self.allocationIterations = 2_000
    }
  }
}

extension Settings {
  /// Whether to run the case with the given key.
  func runs(_ key: String) -> Bool {
    self.only.map { key.contains($0) } ?? true
  }
}

/// The result of measuring one case.
struct Measurement: Sendable {
  var nanosecondsPerAction: Double
  var allocationsPerAction: Double
  var iterations: Int
}

/// Keeps a value alive as far as the optimizer can tell.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Makes a value opaque to the optimizer, so that work on it cannot be folded away.
@_optimize(none)
func opaque<T>(_ value: inout T) {}

func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Times `body(n)`, which must perform `n` iterations, and counts its heap allocations.
///
/// Picks `n` so that one run lasts ``Settings/minimumRunNanoseconds`` (or reaches
/// ``Settings/sufficientIterations``), then reports the median of ``Settings/runs`` runs.
func measure(_ settings: Settings, _ body: (Int) -> Void) -> Measurement {
  let clock = ContinuousClock()
  func time(_ n: Int) -> Double {
    let start = clock.now
    body(n)
    return nanoseconds(start.duration(to: clock.now))
  }
  let iterations = calibrate(settings) { time($0) }
  var samples: [Double] = []
  for _ in 0..<settings.runs {
    samples.append(time(iterations) / Double(iterations))
  }
  let allocationIterations = min(settings.allocationIterations, iterations)
  body(allocationIterations)
  let before = tca_allocation_count()
  body(allocationIterations)
  let after = tca_allocation_count()
  return Measurement(
    nanosecondsPerAction: median(samples),
    allocationsPerAction: Double(after - before) / Double(allocationIterations),
    iterations: iterations
  )
}

/// ``measure(_:_:)`` for async work, run on the caller's isolation.
func measure(
  _ settings: Settings,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (Int) async -> Void
) async -> Measurement {
  let clock = ContinuousClock()
  var n = 16
  var elapsed = 0.0
  // NB: Calibration is inlined here because an async closure parameter cannot be forwarded
  //     without losing the caller's isolation.
  while true {
    let start = clock.now
    await body(n)
    elapsed = nanoseconds(start.duration(to: clock.now))
    if let iterations = nextIterations(settings, n: n, elapsed: elapsed) {
      if iterations == n { break }
      n = iterations
    } else {
      n *= 2
    }
  }
  var samples: [Double] = []
  for _ in 0..<settings.runs {
    let start = clock.now
    await body(n)
    samples.append(nanoseconds(start.duration(to: clock.now)) / Double(n))
  }
  let allocationIterations = min(settings.allocationIterations, n)
  let before = tca_allocation_count()
  await body(allocationIterations)
  let after = tca_allocation_count()
  return Measurement(
    nanosecondsPerAction: median(samples),
    allocationsPerAction: Double(after - before) / Double(allocationIterations),
    iterations: n
  )
}

/// Finds the iteration count of one timed run (running `time` also warms the case up).
private func calibrate(_ settings: Settings, _ time: (Int) -> Double) -> Int {
  var n = 64
  while true {
    let elapsed = time(n)
    if let iterations = nextIterations(settings, n: n, elapsed: elapsed) {
      if iterations == n { return n }
      n = iterations
    } else {
      n *= 2
    }
  }
}

/// The final iteration count once `n` iterations took long enough to extrapolate from (10 ms),
/// `n` itself when it is already enough, or `nil` to keep doubling.
private func nextIterations(_ settings: Settings, n: Int, elapsed: Double) -> Int? {
  if n >= settings.sufficientIterations || elapsed >= settings.minimumRunNanoseconds {
    return n
  }
  guard elapsed >= 10_000_000 else { return nil }
  let perIteration = elapsed / Double(n)
  let needed = Int((settings.minimumRunNanoseconds / perIteration).rounded(.up))
  return max(n, min(needed, settings.sufficientIterations))
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// A fixed-seed SplitMix64 generator, so that every run picks the same "random" children.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    self.state = seed
  }

  mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var z = self.state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// 65,536 ids in `0..<count`, chosen at random with a fixed seed; index them with `& 0xFFFF`.
func randomIDs(count: Int, seed: UInt64 = 42) -> [Int] {
  var generator = SplitMix64(seed: seed)
  return (0..<65_536).map { _ in Int.random(in: 0..<count, using: &generator) }
}
