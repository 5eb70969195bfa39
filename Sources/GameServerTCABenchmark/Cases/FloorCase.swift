import ComposableArchitecture

/// The counter reducer called as a plain function: the cost of the feature's own logic.
func floorCase(_ settings: Settings) -> CaseResult {
  var count = 0
  let measurement = measure(settings) { n in count &+= floorLoop(n) }
  blackHole(count)
  return CaseResult(name: "floor", measurement: measurement)
}

@inline(never)
private func floorLoop(_ n: Int) -> Int {
  var state = Counter.State()
  for _ in 0..<n {
    _ = Counter().reduce(into: &state, action: .increment)
    // NB: Without this the loop folds into `count += n`.
    opaque(&state)
  }
  return state.count
}
