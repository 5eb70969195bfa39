import ComposableArchitecture
import Testing

// The library's examples in the README and its articles ("Getting started", "Driving a store from
// a server thread"), word for word (DocumentationExamplesTests holds them to it).
struct GettingStartedExample {
  @Reducer
  struct Counter {
    @ObservableState
    struct State: Equatable { var count = 0 }
    enum Action { case increment, incrementLater }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .incrementLater:
          return .run { send in await send(.increment) }
        }
      }
    }
  }

  @Test @MainActor
  func counter() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementLater)
    await store.receive(\.increment) { $0.count = 1 }
  }

  @Test func aStoreOnAThreadOfItsOwn() async {
    let counts = LockIsolated<[Int]>([])
    let actor = StoreActor(executor: StoreExecutor(name: "counter"))
    await actor.run { _ in
      let store = Store(initialState: Counter.State()) { Counter() }
      let observation = store.observe { state in counts.withValue { $0.append(state.count) } }
      await store.send(.incrementLater).finish()
      _ = observation
    }
    #expect(counts.value.last == 1)
  }
}
