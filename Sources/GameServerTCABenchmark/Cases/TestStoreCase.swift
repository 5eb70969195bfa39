import ComposableArchitecture

/// One `TestStore` step, a send with its state assertion, on a state of 1,000 rows.
@MainActor
func testStoreCase(_ settings: Settings) async -> CaseResult {
  let store = TestStore(initialState: Rows.State(count: 1_000)) { Rows() }
  let ids = randomIDs(count: 1_000)
  var index = 0
  let measurement = await measure(settings) { n in
    for _ in 0..<n {
      let id = ids[index & 0xFFFF]
      index &+= 1
      await store.send(.rows(.element(id: id, action: .increment))) {
        $0.rows[id: id]!.count &+= 1
      }
    }
  }
  blackHole(store.state.rows[0].count)
  return CaseResult(
    name: "TestStore send + assert, 1k rows", measurement: measurement,
    targets: [.nanoseconds(5_000)]
  )
}
