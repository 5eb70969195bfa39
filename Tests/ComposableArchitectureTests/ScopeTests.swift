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
    enum Delegate: Equatable { case changed(Int) }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .send(.delegate(.changed(state.count)))
      case .incrementLater:
        return .run { send in await send(.increment) }
      case .delegate:
        return .none
      }
    }
  }
}

@Reducer
private struct Parent {
  @ObservableState
  struct State: Equatable {
    var counter = Counter.State()
    var lastSeen: Int?
    var log: [String] = []
  }
  enum Action: Equatable {
    case counter(Counter.Action)
    case other
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .counter(.increment) = action {
        // The parent runs before the child here: it sees the old value.
        state.log.append("parent-before:\(state.counter.count)")
      }
      return .none
    }
    Scope(state: \.counter, action: \.counter) {
      Counter()
    }
    Reduce { state, action in
      switch action {
      case let .counter(.delegate(.changed(count))):
        state.lastSeen = count
        return .none
      case .counter(.increment):
        state.log.append("parent-after:\(state.counter.count)")
        return .none
      case .counter, .other:
        return .none
      }
    }
  }
}

@Reducer
private struct LoggedIn {
  @ObservableState
  struct State: Equatable {
    var name: String
    var taps = 0
  }
  enum Action: Equatable {
    case tap
    case logOut
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tap:
        state.taps += 1
        return .none
      case .logOut:
        return .none
      }
    }
  }
}

@Reducer
private struct LoggedOut {
  @ObservableState
  struct State: Equatable {
    var attempts = 0
  }
  enum Action: Equatable {
    case logIn(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .logIn:
        state.attempts += 1
        return .none
      }
    }
  }
}

@Reducer
private struct App {
  @ObservableState
  enum State: Equatable {
    case loggedIn(LoggedIn.State)
    case loggedOut(LoggedOut.State)
  }
  enum Action: Equatable {
    case loggedIn(LoggedIn.Action)
    case loggedOut(LoggedOut.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.loggedIn, action: \.loggedIn) {
      LoggedIn()
    }
    Scope(state: \.loggedOut, action: \.loggedOut) {
      LoggedOut()
    }
    Reduce { state, action in
      switch action {
      case let .loggedOut(.logIn(name)):
        state = .loggedIn(LoggedIn.State(name: name))
        return .none
      case .loggedIn(.logOut):
        state = .loggedOut(LoggedOut.State())
        return .none
      case .loggedIn, .loggedOut:
        return .none
      }
    }
  }
}

@MainActor
struct ScopeTests {
  @Test func keyPathScopeRunsChildOnItsState() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.increment)) {
      $0.counter.count = 1
      $0.log = ["parent-before:0", "parent-after:1"]
    }
    await store.receive(.counter(.delegate(.changed(1)))) {
      $0.lastSeen = 1
    }
    await store.send(.other)
  }

  @Test func keyPathScopeIgnoresOtherActions() async {
    let store = TestStore(initialState: Parent.State(counter: Counter.State(count: 5))) {
      Scope(state: \Parent.State.counter, action: \Parent.Action.Cases.counter) {
        Counter()
      }
    }
    await store.send(.other)
    #expect(store.state.counter.count == 5)
  }

  @Test func childEffectsAreMappedBackToParentActions() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.incrementLater))
    await store.receive(.counter(.increment)) {
      $0.counter.count = 1
      $0.log = ["parent-before:0", "parent-after:1"]
    }
    await store.receive(\.counter.delegate.changed, 1) {
      $0.lastSeen = 1
    }
    await store.finish()
  }

  @Test func enumCaseScopeRunsChildInItsCase() async {
    let store = TestStore(initialState: App.State.loggedOut(LoggedOut.State())) { App() }
    await store.send(.loggedOut(.logIn("blob"))) {
      $0 = .loggedIn(LoggedIn.State(name: "blob"))
    }
    await store.send(.loggedIn(.tap)) {
      $0 = .loggedIn(LoggedIn.State(name: "blob", taps: 1))
    }
    await store.send(.loggedIn(.logOut)) {
      $0 = .loggedOut(LoggedOut.State())
    }
  }

  @Test func enumCaseScopeChildMutationIsWrittenBack() async {
    let store = TestStore(initialState: App.State.loggedIn(LoggedIn.State(name: "a"))) { App() }
    await store.send(\.loggedIn.tap) {
      $0 = .loggedIn(LoggedIn.State(name: "a", taps: 1))
    }
    await store.send(\.loggedIn.tap) {
      $0 = .loggedIn(LoggedIn.State(name: "a", taps: 2))
    }
  }

  @Test func childActionInWrongCaseReportsIssue() async {
    let store = TestStore(initialState: App.State.loggedOut(LoggedOut.State(attempts: 3))) { App() }
    await withKnownIssue {
      await store.send(.loggedIn(.tap))
    } matching: {
      $0.messageContains("different case")
    }
    // The state is left alone.
    #expect(store.state == .loggedOut(LoggedOut.State(attempts: 3)))
  }

  @Test func storeScopeSendsThroughParent() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.counter, action: \.counter)
    child.send(.increment)
    #expect(child.count == 1)
    #expect(store.lastSeen == 1)
    #expect(store.log == ["parent-before:0", "parent-after:1"])
  }
}
