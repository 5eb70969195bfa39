import ComposableArchitecture
import Synchronization
import Testing

/// Counts how often the bodies below are built.
private let bodyBuilds = Atomic<Int>(0)

@Reducer
private struct Leaf {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  var body: some ReducerOf<Self> {
    let _ = bodyBuilds.add(1, ordering: .relaxed)
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct Branch {
  struct State: Equatable {
    var stored = Leaf.State()
    var backing = Leaf.State()
    /// A computed property: scoping through it takes the key path, not a byte offset.
    var computed: Leaf.State {
      get { self.backing }
      set { self.backing = newValue }
    }
  }
  enum Action: Equatable {
    case stored(Leaf.Action)
    case computed(Leaf.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.stored, action: \.stored) { Leaf() }
    Scope(state: \.computed, action: \.computed) { Leaf() }
  }
}

/// A generic wrapper whose body is its wrapped reducer.
private struct Wrapper<Wrapped: Reducer>: Reducer {
  let wrapped: Wrapped
  var body: some Reducer<Wrapped.State, Wrapped.Action> { self.wrapped }
}

// NB: Serialized: one test counts the body builds of reducers the others use too.
@MainActor
@Suite(.serialized)
struct ResolvedReducerTests {
  @Test func scopesThroughStoredAndComputedProperties() {
    let store = Store(initialState: Branch.State()) { Branch() }
    store.send(.stored(.increment))
    store.send(.computed(.increment))
    store.send(.computed(.increment))
    #expect(store.withState(\.stored.count) == 1)
    #expect(store.withState(\.backing.count) == 2)
  }

  @Test func bodiesAreBuiltOncePerStore() {
    let before = bodyBuilds.load(ordering: .relaxed)
    let store = Store(initialState: Branch.State()) { Branch() }
    for _ in 0..<10 { store.send(.stored(.increment)) }
    #expect(store.withState(\.stored.count) == 10)
    #expect(bodyBuilds.load(ordering: .relaxed) - before == 2)
  }

  @Test func genericWrappersResolveToWhatTheyWrap() {
    let store = Store(initialState: Leaf.State()) { Wrapper(wrapped: Leaf()) }
    store.send(.increment)
    #expect(store.withState(\.count) == 1)
    #expect(type(of: Wrapper(wrapped: Leaf())._resolvedReducer()) == Reduce<Leaf.State, Leaf.Action>.self)
  }
}
