import ComposableArchitecture
import Testing

@Reducer
private struct Screen {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case tapped
    case startTimer
    case tick
    case closeTapped
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.count += 1
        return .none
      case .startTimer:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.count += 10
        return .none
      case .closeTapped:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }
}

@Reducer
private struct Navigator {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Screen.State>()
    var log: [String] = []
  }
  enum Action: Equatable {
    case path(StackActionOf<Screen>)
    case pushTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .path(.element(id, .tapped)):
        state.log.append("tapped \(id.rawValue): \(state.path[id: id]?.count ?? -1)")
        return .none
      case let .path(.popFrom(id)):
        // The parent runs before the pop.
        state.log.append("popping \(id.rawValue) of \(state.path.count)")
        return .none
      case .path:
        return .none
      case .pushTapped:
        state.path.append(Screen.State())
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      Screen()
    }
  }
}

@Reducer
private struct Other {
  @ObservableState
  struct State: Equatable {
    var text = ""
  }
  enum Action: Equatable {
    case setText(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setText(text):
        state.text = text
        return .none
      }
    }
  }
}

@Reducer
private enum Path {
  case screen(Screen)
  case other(Other)
}
extension Path.State: Equatable {}
extension Path.Action: Equatable {}

@Reducer
private struct EnumNavigator {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
  }
  enum Action: Equatable {
    case path(StackActionOf<Path>)
    case pushScreen
    case pushOther
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .path:
        return .none
      case .pushScreen:
        state.path.append(.screen(Screen.State()))
        return .none
      case .pushOther:
        state.path.append(.other(Other.State()))
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

@MainActor
struct StackTests {
  @Test func pushAssignsIncrementingIDs() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushTapped) { $0.path[id: 0] = Screen.State() }
    await store.send(.pushTapped) { $0.path[id: 1] = Screen.State() }
    await store.send(.pushTapped) { $0.path[id: 2] = Screen.State() }
    #expect(store.state.path.ids == [0, 1, 2])
  }

  @Test func eachStoreCountsFromZero() async {
    let first = TestStore(initialState: Navigator.State()) { Navigator() }
    await first.send(.pushTapped) { $0.path[id: 0] = Screen.State() }
    let second = TestStore(initialState: Navigator.State()) { Navigator() }
    await second.send(.pushTapped) { $0.path[id: 0] = Screen.State() }
    await first.send(.pushTapped) { $0.path[id: 1] = Screen.State() }
  }

  @Test func elementActionsByID() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushTapped) { $0.path[id: 0] = Screen.State() }
    await store.send(.pushTapped) { $0.path[id: 1] = Screen.State() }
    await store.send(\.path[id: 0].tapped) {
      $0.path[id: 0]?.count = 1
      $0.log = ["tapped 0: 1"]
    }
    await store.send(.path(.element(id: 1, action: .tapped))) {
      $0.path[id: 1]?.count = 1
      $0.log = ["tapped 0: 1", "tapped 1: 1"]
    }
  }

  @Test func pushActionAppendsWithGivenID() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.path(.push(id: 0, state: Screen.State(count: 5)))) {
      $0.path[id: 0] = Screen.State(count: 5)
    }
    await store.send(\.path[id: 0].tapped) {
      $0.path[id: 0]?.count = 6
      $0.log = ["tapped 0: 6"]
    }
  }

  @Test func aPushedIDIsNotHandedOutAgain() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.path(.push(id: 0, state: Screen.State(count: 5)))) {
      $0.path[id: 0] = Screen.State(count: 5)
    }
    await store.send(.pushTapped) { $0.path[id: 1] = Screen.State() }
    await store.send(.path(.push(id: 7, state: Screen.State()))) {
      $0.path[id: 7] = Screen.State()
    }
    await store.send(.pushTapped) { $0.path[id: 8] = Screen.State() }
    #expect(store.state.path.ids == [0, 1, 7, 8])
  }

  @Test func anAppendInTheAssertionGetsTheIDTheReducersAppendGot() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushTapped) { $0.path.append(Screen.State()) }
    await store.send(.pushTapped) { $0.path.append(Screen.State()) }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test func aStackMadeOutsideOfAStoreNumbersItsOwnElements() {
    var stack = StackState<Int>([10, 20])
    #expect(stack.ids == [0, 1])
    stack.append(30)
    stack.pop(from: 1)
    stack.append(40)
    #expect(stack.ids == [0, 1])
    #expect(Array(stack) == [10, 40])
  }

  @Test func popFromRemovesElementAndAbove() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushTapped) { $0.path[id: 0] = Screen.State() }
    await store.send(.pushTapped) { $0.path[id: 1] = Screen.State() }
    await store.send(.pushTapped) { $0.path[id: 2] = Screen.State() }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      $0.log = ["popping 1 of 3"]
    }
    #expect(store.state.path.ids == [0])
  }

  @Test func popFromCancelsEffectsOfPoppedElements() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushTapped) { $0.path[id: 0] = Screen.State() }
    await store.send(.pushTapped) { $0.path[id: 1] = Screen.State() }
    await store.send(.pushTapped) { $0.path[id: 2] = Screen.State() }
    await store.send(\.path[id: 0].startTimer)
    await store.send(\.path[id: 1].startTimer)
    await store.send(\.path[id: 2].startTimer)
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      $0.log = ["popping 1 of 3"]
    }
    // Only the element that is left keeps ticking.
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) { $0.path[id: 0]?.count = 10 }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.log = ["popping 1 of 3", "popping 0 of 1"]
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func dismissFromElementPopsIt() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushTapped) { $0.path[id: 0] = Screen.State() }
    await store.send(.pushTapped) { $0.path[id: 1] = Screen.State() }
    await store.send(.pushTapped) { $0.path[id: 2] = Screen.State() }
    await store.send(\.path[id: 2].startTimer)
    await store.send(\.path[id: 1].closeTapped)
    await store.receive(\.path.popFrom, 1) {
      $0.path.pop(from: 1)
      $0.log = ["popping 1 of 3"]
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.path.ids == [0])
  }

  @Test func actionForMissingElementReportsIssue() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await withKnownIssue {
      await store.send(\.path[id: 3].tapped) {
        $0.log = ["tapped 3: -1"]
      }
    } matching: {
      $0.messageContains("missing element")
    }
  }

  @Test func enumPathWithoutClosure() async {
    let store = TestStore(initialState: EnumNavigator.State()) { EnumNavigator() }
    await store.send(.pushScreen) { $0.path[id: 0] = .screen(Screen.State()) }
    await store.send(.pushOther) { $0.path[id: 1] = .other(Other.State()) }
    await store.send(\.path[id: 0].screen.tapped) {
      $0.path[id: 0] = .screen(Screen.State(count: 1))
    }
    await store.send(.path(.element(id: 1, action: .other(.setText("hi"))))) {
      $0.path[id: 1]?.modify(\.other) { $0.text = "hi" }
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
    }
  }

  @Test func anElementIsReachedByIDAndCase() async {
    let store = TestStore(initialState: EnumNavigator.State()) { EnumNavigator() }
    await store.send(.pushScreen) { $0.path[id: 0] = .screen(Screen.State()) }
    await store.send(\.path[id: 0].screen.tapped) {
      $0.path[id: 0, case: \.screen]?.count = 1
    }
    #expect(store.state.path[id: 0, case: \.screen]?.count == 1)
    #expect(store.state.path[id: 0, case: \.other] == nil)
    #expect(store.state.path[id: 7, case: \.screen] == nil)
  }

  @Test func enumPathElementDismisses() async {
    let store = TestStore(initialState: EnumNavigator.State()) { EnumNavigator() }
    await store.send(.pushScreen) { $0.path[id: 0] = .screen(Screen.State()) }
    await store.send(\.path[id: 0].screen.closeTapped)
    await store.receive(\.path.popFrom) { $0.path = StackState() }
    await store.finish()
  }

  @Test func enumPathActionForWrongCaseReportsIssue() async {
    let store = TestStore(initialState: EnumNavigator.State()) { EnumNavigator() }
    await store.send(.pushOther) { $0.path[id: 0] = .other(Other.State()) }
    await withKnownIssue {
      await store.send(\.path[id: 0].screen.tapped)
    } matching: {
      $0.messageContains("different case")
    }
  }
}
