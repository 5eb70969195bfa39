import ComposableArchitecture
import Testing

@Reducer
private struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case increment
    case incrementLater
    case delegate(Delegate)
    @CasePathable
    enum Delegate: Equatable { case didIncrement }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .send(.delegate(.didIncrement))
      case .incrementLater:
        return .run { send in await send(.increment) }
      case .delegate:
        return .none
      }
    }
  }
}

@MainActor
struct SmokeTests {
  @Test func storeSends() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    #expect(store.count == 1)
  }

  @Test func testStoreRunsEffects() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementLater)
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(\.delegate.didIncrement)
  }

  @Test func wrongStateFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    }
    await store.receive(\.delegate.didIncrement)
  }
}
