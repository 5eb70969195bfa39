import ComposableArchitecture
import Foundation
import Testing

@Reducer
private struct Loader {
  @ObservableState
  enum State: Equatable {
    case idle
    case loading(progress: Int)
    case loaded(Loaded.State)
  }
  enum Action: Equatable {
    case start
    case progress(Int)
    case finish(String)
    case loaded(Loaded.Action)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        state = .loading(progress: 0)
        return .none
      case let .progress(value):
        guard case .loading = state else { return .none }
        state = .loading(progress: value)
        return .none
      case let .finish(text):
        state = .loaded(Loaded.State(text: text))
        return .none
      case .loaded:
        return .none
      }
    }
    .ifCaseLet(\.loaded, action: \.loaded) {
      Loaded()
    }
  }
}

@Reducer
private struct Loaded {
  @ObservableState
  struct State: Equatable {
    var text: String
  }
  enum Action: Equatable {
    case append(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .append(suffix):
        state.text += suffix
        return .none
      }
    }
  }
}

@Reducer
private struct Tapper {
  @ObservableState
  struct State: Equatable {
    var taps = 0
    var lastDelegate: String?
  }
  enum Action: ViewAction, Equatable {
    case view(View)
    case delegate(Delegate)
    @CasePathable
    enum View: Equatable {
      case tapped
      case named(String)
    }
    @CasePathable
    enum Delegate: Equatable {
      case didTap(Int)
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.tapped):
        state.taps += 1
        return .send(.delegate(.didTap(state.taps)))
      case let .view(.named(name)):
        state.lastDelegate = name
        return .none
      case let .delegate(.didTap(count)):
        state.lastDelegate = "tap \(count)"
        return .none
      }
    }
  }
}

@ViewAction(for: Tapper.self)
private struct TapperView {
  let store: StoreOf<Tapper>

  func tap() {
    send(.tapped)
  }

  func name(_ name: String) {
    send(.named(name))
  }
}

@ObservableState
private struct Profile: Codable, Equatable {
  var name: String
  var age: Int
  var tags: [String] = []
  var nested: Nested?

  @ObservableState
  struct Nested: Codable, Equatable {
    var flag: Bool
  }
}

@Reducer
private struct Cache {
  @ObservableState
  struct State: Equatable {
    var query = ""
    @ObservationStateIgnored
    var hits = 0
  }
  enum Action: Equatable {
    case search(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .search(query):
        state.query = query
        state.hits += 1
        return .none
      }
    }
  }
}

/// An enum reducer that writes its own body, as an app's root switching between screens does.
@Reducer(state: .equatable)
private enum Screens {
  case loader(Loader)
  case loaded(Loaded)

  static var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .loaded(.append(text)) where text == "done":
        state = .loader(.idle)
        return .none
      default:
        return .none
      }
    }
    .ifCaseLet(\.loader, action: \.loader) { Loader() }
    .ifCaseLet(\.loaded, action: \.loaded) { Loaded() }
  }
}

@MainActor
struct MacroIntegrationTests {
  @Test func reducerWithEnumState() async {
    let store = TestStore(initialState: Loader.State.idle) { Loader() }
    await store.send(.start) { $0 = .loading(progress: 0) }
    await store.send(.progress(50)) { $0 = .loading(progress: 50) }
    await store.send(.finish("hi")) { $0 = .loaded(Loaded.State(text: "hi")) }
    await store.send(\.loaded.append, "!") {
      $0.modify(\.loaded) { $0.text = "hi!" }
    }
    #expect(store.state.loaded?.text == "hi!")
    #expect(store.state.loading == nil)
    #expect(store.state.is(\.loaded))
  }

  @Test func anEnumReducerKeepsItsOwnBody() async {
    let store = TestStore(initialState: Screens.State.loaded(Loaded.State(text: "a"))) { Screens.body }
    await store.send(\.loaded.append, "b") {
      $0.modify(\.loaded) { $0.text = "ab" }
    }
    await store.send(\.loaded.append, "done") {
      $0 = .loader(.idle)
    }
    await store.send(\.loader.start) {
      $0 = .loader(.loading(progress: 0))
    }
  }

  @Test func enumStateCasePaths() {
    let state = Loader.State.loading(progress: 3)
    #expect(state.loading == 3)
    #expect(state[case: \.loading] == 3)
    #expect(state.idle == nil)
    #expect(Loader.State.idle.idle != nil)
  }

  @Test func viewActionSendsThroughViewCase() async {
    let store = Store(initialState: Tapper.State()) { Tapper() }
    let view = TapperView(store: store)
    view.tap()
    #expect(store.taps == 1)
    #expect(store.lastDelegate == "tap 1")
    view.name("blob")
    #expect(store.lastDelegate == "blob")
  }

  @Test func viewActionCaseKeyPathsInTestStore() async {
    let store = TestStore(initialState: Tapper.State()) { Tapper() }
    await store.send(.view(.tapped)) { $0.taps = 1 }
    await store.receive(\.delegate.didTap, 1) { $0.lastDelegate = "tap 1" }
    await store.send(\.view.named, "x") { $0.lastDelegate = "x" }
  }

  @Test func observableStateRoundTripsThroughJSON() throws {
    let profile = Profile(name: "Blob", age: 42, tags: ["a"], nested: Profile.Nested(flag: true))
    let data = try JSONEncoder().encode(profile)
    let decoded = try JSONDecoder().decode(Profile.self, from: data)
    #expect(decoded == profile)
    #expect(decoded.nested?.flag == true)
  }

  @Test func encodingDoesNotEmitRegistrar() throws {
    let profile = Profile(name: "Blob", age: 42, nested: Profile.Nested(flag: false))
    let data = try JSONEncoder().encode(profile)
    let json = try #require(String(data: data, encoding: .utf8))
    #expect(!json.contains("observationRegistrar"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == ["name", "age", "tags", "nested"])
    let nested = try #require(object["nested"] as? [String: Any])
    #expect(Set(nested.keys) == ["flag"])
  }

  @Test func decodingJSONWithoutRegistrarKey() throws {
    let json = #"{"name":"Blob Jr","age":7,"tags":["x","y"],"nested":{"flag":true}}"#
    let decoded = try JSONDecoder().decode(Profile.self, from: Data(json.utf8))
    #expect(
      decoded == Profile(name: "Blob Jr", age: 7, tags: ["x", "y"], nested: Profile.Nested(flag: true))
    )
  }

  @Test func decodedStatesHaveDistinctIdentities() throws {
    let json = #"{"name":"A","age":1,"tags":[]}"#
    let first = try JSONDecoder().decode(Profile.self, from: Data(json.utf8))
    let second = try JSONDecoder().decode(Profile.self, from: Data(json.utf8))
    #expect(first == second)
    #expect(first._$id != second._$id)
    let copy = first
    #expect(copy._$id == first._$id)
  }

  @Test func observationStateIgnoredPropertyIsStillState() async {
    let store = TestStore(initialState: Cache.State()) { Cache() }
    await store.send(.search("a")) {
      $0.query = "a"
      $0.hits = 1
    }
    await withKnownIssue {
      await store.send(.search("a")) {
        // `hits` is a regular stored property: forgetting it is a mismatch.
        $0.query = "a"
      }
    }
  }
}
