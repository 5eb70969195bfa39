import ComposableArchitecture

/// `.rows(.element(id:action:))` to a random one of `count` rows of a `forEach`.
@MainActor
func forEachCase(_ settings: Settings, count: Int) -> CaseResult {
  let store = Store(initialState: Rows.State(count: count)) { Rows() }
  let ids = randomIDs(count: count)
  let measurement = measure(settings) { n in forEachLoop(store, ids, n) }
  blackHole(store.withState { $0.rows[0].count })
  let name = forEachCaseName(count: count)
  let targets: [Target] =
    count == 1_000
    ? [.timesRootSend(2)]
    : [.timesRootSend(2), .timesCase(forEachCaseName(count: 1_000), 1.3)]
  return CaseResult(name: name, measurement: measurement, targets: targets)
}

func forEachCaseName(count: Int) -> String {
  "forEach, 1 of \(count / 1_000)k rows"
}

@MainActor
@inline(never)
private func forEachLoop(_ store: StoreOf<Rows>, _ ids: [Int], _ n: Int) {
  for index in 0..<n {
    store.send(.rows(.element(id: ids[index & 0xFFFF], action: .increment)))
  }
}
