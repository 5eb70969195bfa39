import ComposableArchitecture

/// `.a(.b(.c(.increment)))` sent to a root store, through three `Scope`s to a counter.
@MainActor
func nestedScopeCase(_ settings: Settings) -> CaseResult {
  let store = Store(initialState: Outer.State()) { Outer() }
  let measurement = measure(settings) { n in nestedLoop(store, n) }
  blackHole(store.withState(\.a.b.c.count))
  return CaseResult(
    name: "3 nested Scopes", measurement: measurement, targets: [.timesRootSend(1.5)]
  )
}

/// `.increment` sent to a store scoped three times from the root store.
@MainActor
func scopedStoreCase(_ settings: Settings) -> CaseResult {
  let root = Store(initialState: Outer.State()) { Outer() }
  let store =
    root
    .scope(state: \.a, action: \.a)
    .scope(state: \.b, action: \.b)
    .scope(state: \.c, action: \.c)
  let measurement = measure(settings) { n in scopedLoop(store, n) }
  blackHole(root.withState(\.a.b.c.count))
  return CaseResult(name: "3 nested Scopes, via scoped store", measurement: measurement)
}

@MainActor
@inline(never)
private func nestedLoop(_ store: StoreOf<Outer>, _ n: Int) {
  for _ in 0..<n {
    store.send(.a(.b(.c(.increment))))
  }
}

@MainActor
@inline(never)
private func scopedLoop(_ store: StoreOf<Counter>, _ n: Int) {
  for _ in 0..<n {
    store.send(.increment)
  }
}
