import ComposableArchitecture
import Testing

@Reducer
private struct Search {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var changes: [String] = []
    var searches: [String] = []
    var score = 0
    var scoreBuckets: [Int] = []
  }
  enum Action: Equatable {
    case setQuery(String)
    case search(String)
    case setScore(Int)
    case noop
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setQuery(query):
        state.query = query
        return .none
      case let .search(query):
        state.searches.append(query)
        return .none
      case let .setScore(score):
        state.score = score
        return .none
      case .noop:
        return .none
      }
    }
    .onChange(of: \.query) { oldValue, newValue in
      Reduce { state, _ in
        // Runs after the base reducer: state already holds the new value.
        state.changes.append("\(oldValue)->\(newValue) (state: \(state.query))")
        return .send(.search(newValue))
      }
    }
    // Only a change of tens counts as a change.
    .onChange(of: \.score, removeDuplicates: { $0 / 10 == $1 / 10 }) { _, newValue in
      Reduce { state, _ in
        state.scoreBuckets.append(newValue / 10)
        return .none
      }
    }
  }
}

@MainActor
struct OnChangeTests {
  @Test func runsWithOldAndNewValueAfterBase() async {
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(.setQuery("a")) {
      $0.query = "a"
      $0.changes = ["->a (state: a)"]
    }
    await store.receive(.search("a")) { $0.searches = ["a"] }
    await store.send(.setQuery("ab")) {
      $0.query = "ab"
      $0.changes = ["->a (state: a)", "a->ab (state: ab)"]
    }
    await store.receive(.search("ab")) { $0.searches = ["a", "ab"] }
  }

  @Test func doesNotRunWithoutChange() async {
    let store = TestStore(initialState: Search.State(query: "same")) { Search() }
    await store.send(.setQuery("same"))
    await store.send(.noop)
  }

  @Test func customDuplicateCheck() async {
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(.setScore(5)) { $0.score = 5 }
    await store.send(.setScore(12)) {
      $0.score = 12
      $0.scoreBuckets = [1]
    }
    await store.send(.setScore(19)) { $0.score = 19 }
    await store.send(.setScore(3)) {
      $0.score = 3
      $0.scoreBuckets = [1, 0]
    }
  }

  @Test func changeMadeByAnotherActionTriggers() async {
    let store = TestStore(initialState: Search.State(query: "x")) {
      Reduce<Search.State, Search.Action> { state, action in
        if case .noop = action { state.query = "" }
        return .none
      }
      .onChange(of: \.query) { _, newValue in
        Reduce { state, _ in
          state.changes.append("cleared:\(newValue.isEmpty)")
          return .none
        }
      }
    }
    await store.send(.noop) {
      $0.query = ""
      $0.changes = ["cleared:true"]
    }
    await store.send(.noop)
  }
}
