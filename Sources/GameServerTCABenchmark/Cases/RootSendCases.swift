import ComposableArchitecture

/// `store.send(.increment)` on a root store whose reducer returns `.none`.
@MainActor
func rootSendCase(_ settings: Settings) -> CaseResult {
  let store = Store(initialState: Counter.State()) { Counter() }
  let measurement = measure(settings) { n in rootSendLoop(store, n) }
  blackHole(store.withState(\.count))
  return CaseResult(
    name: "root send",
    measurement: measurement,
    targets: [.nanoseconds(100), .allocations(0)],
    isRootSend: true
  )
}

/// The root send once the store's state has been read through `store.count`, which registers
/// observation: every send then notifies the observation registrar.
@MainActor
func observedRootSendCase(_ settings: Settings) -> CaseResult {
  let store = Store(initialState: Counter.State()) { Counter() }
  blackHole(store.count)
  let measurement = measure(settings) { n in rootSendLoop(store, n) }
  blackHole(store.withState(\.count))
  return CaseResult(name: "root send, after reading `store.count`", measurement: measurement)
}

@MainActor
@inline(never)
private func rootSendLoop(_ store: StoreOf<Counter>, _ n: Int) {
  for _ in 0..<n {
    store.send(.increment)
  }
}
