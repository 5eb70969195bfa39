import ComposableArchitecture

/// `.a(.b(.c(.increment)))` sent to a root store, through three `ifLet`s to a counter.
@MainActor
func nestedIfLetCase(_ settings: Settings) -> CaseResult {
  let store = Store(initialState: OptionalOuter.State()) { OptionalOuter() }
  let measurement = measure(settings) { n in nestedIfLetLoop(store, n) }
  blackHole(store.withState { $0.a?.b?.c?.count })
  return CaseResult(name: "3 nested ifLets", measurement: measurement)
}

@MainActor
@inline(never)
private func nestedIfLetLoop(_ store: StoreOf<OptionalOuter>, _ n: Int) {
  for _ in 0..<n {
    store.send(.a(.b(.c(.increment))))
  }
}
