import ComposableArchitecture

/// `.start` runs `.run { send in await send(.response) }`; one round trip is
/// `await store.send(.start).finish()`, on a store living on a ``StoreActor``.
func effectOnStoreActorCase(_ settings: Settings) async -> CaseResult {
  let executor = StoreExecutor(name: "bench")
  let actor = StoreActor(executor: executor)
  let measurement = await actor.run { _ in
    let store = Store(initialState: PingPong.State()) { PingPong() }
    let measurement = await measure(settings) { n in
      for _ in 0..<n {
        await store.send(.start).finish()
      }
    }
    blackHole(store.withState(\.count))
    return measurement
  }
  let statistics = executor.statistics
  print("StoreExecutor: \(statistics.jobs) jobs, \(statistics.wakes) wake-ups")
  return CaseResult(
    name: "`.run` round trip, StoreActor", measurement: measurement, targets: [.nanoseconds(3_000)]
  )
}

/// The same round trip on a store living on the main actor.
@MainActor
func effectOnMainActorCase(_ settings: Settings) async -> CaseResult {
  let store = Store(initialState: PingPong.State()) { PingPong() }
  let measurement = await measure(settings) { n in
    for _ in 0..<n {
      await store.send(.start).finish()
    }
  }
  blackHole(store.withState(\.count))
  return CaseResult(name: "`.run` round trip, main actor", measurement: measurement)
}
