import ComposableArchitecture

/// The same rows and ids as the `forEach` cases, each row found by `index(id:)` and incremented
/// in place in the `IdentifiedArray`: what the lookup and the memory traffic cost without a store
/// or a reducer. (`rows[id: id]?.count += 1` costs more, and allocates.)
func forEachFloorCase(_ settings: Settings, count: Int) -> CaseResult {
  var state = Rows.State(count: count)
  let ids = randomIDs(count: count)
  let measurement = measure(settings) { n in forEachFloorLoop(&state, ids, n) }
  blackHole(state.rows[0].count)
  return CaseResult(
    name: "floor: index(id:) + increment, 1 of \(count / 1_000)k rows", measurement: measurement
  )
}

@inline(never)
private func forEachFloorLoop(_ state: inout Rows.State, _ ids: [Int], _ n: Int) {
  for index in 0..<n {
    if let position = state.rows.index(id: ids[index & 0xFFFF]) {
      state.rows[position].count &+= 1
    }
  }
}
