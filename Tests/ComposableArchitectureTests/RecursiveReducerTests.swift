import ComposableArchitecture
import Testing

// NB: Features that contain themselves, through each operator that takes a child reducer. Each
//     one's body names `Self()` (or its own destination enum) inside its own body, so building
//     the store resolves the feature once and its children only when their actions arrive.

/// Sends `tick` every second until cancelled: the effect each feature runs at its deepest level.
private func ticks<Action: Sendable>(
  _ tick: Action, on clock: any Clock<Duration>, id: some Hashable & Sendable
) -> Effect<Action> {
  .run { send in
    while true {
      try await clock.sleep(for: .seconds(1))
      await send(tick)
    }
  }
  .cancellable(id: id)
}

/// Rows that hold rows, as TCA's recursion case study: `forEach` with `Self()`.
@Reducer
private struct Nested {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var name = ""
    var ticks = 0
    var rows: IdentifiedArrayOf<State> = []
  }
  enum Action: Equatable, Sendable {
    case addRow(id: Int)
    case deleteRow(id: Int)
    case rename(String)
    case startTimer
    case tick
    indirect case rows(IdentifiedActionOf<Nested>)
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addRow(id):
        state.rows.append(State(id: id))
        return .none
      case let .deleteRow(id):
        state.rows.remove(id: id)
        return .none
      case let .rename(name):
        state.name = name
        return .none
      case .startTimer:
        return ticks(.tick, on: clock, id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Self()
    }
  }
}

/// A chain of optional children: `ifLet` with `Self()`, the child kept behind an indirect enum.
@Reducer
private struct Chain {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var ticks = 0
    private var next: Link?
    var child: State? {
      get { self.next?.state }
      set { self.next = newValue.map(Link.state) }
    }
    init(name: String = "", child: State? = nil) {
      self.name = name
      self.child = child
    }
  }
  indirect enum Link: Equatable {
    case state(State)
    var state: State {
      switch self {
      case let .state(state): state
      }
    }
  }
  enum Action: Equatable, Sendable {
    case addChild(String)
    case deleteChild
    case rename(String)
    case startTimer
    case tick
    indirect case child(Action)
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addChild(name):
        state.child = State(name: name)
        return .none
      case .deleteChild:
        state.child = nil
        return .none
      case let .rename(name):
        state.name = name
        return .none
      case .startTimer:
        return ticks(.tick, on: clock, id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.child, action: \.child) {
      Self()
    }
  }
}

/// A tree whose state is an enum: `ifCaseLet` with `Self()`.
@Reducer
private struct Tree {
  @CasePathable
  @dynamicMemberLookup
  indirect enum State: Equatable {
    case leaf(name: String, ticks: Int)
    case node(State)
  }
  enum Action: Equatable, Sendable {
    case grow
    case prune
    case rename(String)
    case startTimer
    case tick
    indirect case node(Action)
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .grow:
        state = .node(state)
        return .none
      case .prune:
        if case let .node(child) = state { state = child }
        return .none
      case let .rename(name):
        if case let .leaf(_, ticks) = state { state = .leaf(name: name, ticks: ticks) }
        return .none
      case .startTimer:
        return ticks(.tick, on: clock, id: CancelID.timer)
      case .tick:
        if case let .leaf(name, ticks) = state { state = .leaf(name: name, ticks: ticks + 1) }
        return .none
      case .node:
        return .none
      }
    }
    .ifCaseLet(\.node, action: \.node) {
      Self()
    }
  }
}

/// A folder that presents folders through a `@Reducer enum` destination that names it.
@Reducer
private struct Folder {
  @Reducer
  enum Destination {
    case folder(Folder)
  }

  @ObservableState
  struct State: Equatable {
    var name = ""
    var ticks = 0
    @Presents var destination: Destination.State?
  }
  enum Action {
    case open(String)
    case close
    case rename(String)
    case startTimer
    case tick
    indirect case destination(PresentationAction<Destination.Action>)
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .open(name):
        state.destination = .folder(State(name: name))
        return .none
      case .close:
        state.destination = nil
        return .none
      case let .rename(name):
        state.name = name
        return .none
      case .startTimer:
        return ticks(.tick, on: clock, id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}
extension Folder.Destination.State: Equatable {}

/// Screens that push screens of their own kind: a stack `forEach` with `Self()`.
@Reducer
private struct Screen {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var ticks = 0
    var path = StackState<State>()
  }
  enum Action: Equatable, Sendable {
    case push(String)
    case pop
    case rename(String)
    case startTimer
    case tick
    indirect case path(StackActionOf<Screen>)
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .push(name):
        state.path.append(State(name: name))
        return .none
      case .pop:
        _ = state.path.popLast()
        return .none
      case let .rename(name):
        state.name = name
        return .none
      case .startTimer:
        return ticks(.tick, on: clock, id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      Self()
    }
  }
}

@MainActor
struct RecursiveReducerTests {
  @Test func forEachOfItselfThreeLevelsDeep() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Nested.State(id: 0)) {
      Nested()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.addRow(id: 1)) { $0.rows.append(Nested.State(id: 1)) }
    await store.send(.rows(.element(id: 1, action: .addRow(id: 2)))) {
      $0.rows[id: 1]?.rows.append(Nested.State(id: 2))
    }
    await store.send(.rows(.element(id: 1, action: .rows(.element(id: 2, action: .addRow(id: 3)))))) {
      $0.rows[id: 1]?.rows[id: 2]?.rows.append(Nested.State(id: 3))
    }
    let third = Nested.Action.rows(
      .element(id: 1, action: .rows(.element(id: 2, action: .rows(.element(id: 3, action: .rename("deep"))))))
    )
    await store.send(third) { $0.rows[id: 1]?.rows[id: 2]?.rows[id: 3]?.name = "deep" }

    // A timer at the third level runs, and ends with its row.
    let timer = Nested.Action.rows(
      .element(id: 1, action: .rows(.element(id: 2, action: .rows(.element(id: 3, action: .startTimer)))))
    )
    await store.send(timer)
    await clock.advance(by: .seconds(1))
    await store.receive(
      .rows(.element(id: 1, action: .rows(.element(id: 2, action: .rows(.element(id: 3, action: .tick))))))
    ) {
      $0.rows[id: 1]?.rows[id: 2]?.rows[id: 3]?.ticks = 1
    }
    await store.send(.rows(.element(id: 1, action: .rows(.element(id: 2, action: .deleteRow(id: 3)))))) {
      $0.rows[id: 1]?.rows[id: 2]?.rows = []
    }
    await clock.advance(by: .seconds(5))
    await store.send(.deleteRow(id: 1)) { $0.rows = [] }
  }

  @Test func ifLetOfItselfThreeLevelsDeep() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Chain.State(name: "top")) {
      Chain()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.addChild("one")) { $0.child = Chain.State(name: "one") }
    await store.send(.child(.addChild("two"))) { $0.child?.child = Chain.State(name: "two") }
    await store.send(.child(.child(.addChild("three")))) {
      $0.child?.child?.child = Chain.State(name: "three")
    }
    await store.send(.child(.child(.child(.rename("deep"))))) { $0.child?.child?.child?.name = "deep" }

    await store.send(.child(.child(.child(.startTimer))))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.child(.child(.tick)))) { $0.child?.child?.child?.ticks = 1 }
    await store.send(.child(.child(.deleteChild))) { $0.child?.child?.child = nil }
    await clock.advance(by: .seconds(5))
    await store.send(.deleteChild) { $0.child = nil }
  }

  @Test func ifCaseLetOfItselfThreeLevelsDeep() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Tree.State.leaf(name: "leaf", ticks: 0)) {
      Tree()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.grow) { $0 = .node(.leaf(name: "leaf", ticks: 0)) }
    await store.send(.node(.grow)) { $0 = .node(.node(.leaf(name: "leaf", ticks: 0))) }
    await store.send(.node(.node(.grow))) { $0 = .node(.node(.node(.leaf(name: "leaf", ticks: 0)))) }
    await store.send(.node(.node(.node(.rename("deep"))))) {
      $0 = .node(.node(.node(.leaf(name: "deep", ticks: 0))))
    }

    await store.send(.node(.node(.node(.startTimer))))
    await clock.advance(by: .seconds(1))
    await store.receive(.node(.node(.node(.tick)))) {
      $0 = .node(.node(.node(.leaf(name: "deep", ticks: 1))))
    }
    // Pruning the second level moves the leaf up: the timer's case is gone, so it ends.
    await store.send(.node(.node(.prune))) { $0 = .node(.node(.leaf(name: "deep", ticks: 1))) }
    await clock.advance(by: .seconds(5))
    await store.send(.prune) { $0 = .node(.leaf(name: "deep", ticks: 1)) }
  }

  @Test func presentationOfItselfThroughADestinationEnumThreeLevelsDeep() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Folder.State(name: "root")) {
      Folder()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open("one")) { $0.destination = .folder(Folder.State(name: "one")) }
    await store.send(.destination(.presented(.folder(.open("two"))))) {
      $0.$destination[case: \.folder]?.destination = .folder(Folder.State(name: "two"))
    }
    await store.send(.destination(.presented(.folder(.destination(.presented(.folder(.open("three")))))))) {
      $0.$destination[case: \.folder]?.$destination[case: \.folder]?.destination = .folder(Folder.State(name: "three"))
    }
    let deepest: (Folder.Action) -> Folder.Action = {
      .destination(.presented(.folder(.destination(.presented(.folder(.destination(.presented(.folder($0)))))))))
    }
    await store.send(deepest(.rename("deep"))) {
      $0.$destination[case: \.folder]?.$destination[case: \.folder]?.$destination[case: \.folder]?.name = "deep"
    }

    await store.send(deepest(.startTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.presented.folder.destination.presented.folder.destination.presented.folder.tick) {
      $0.$destination[case: \.folder]?.$destination[case: \.folder]?.$destination[case: \.folder]?.ticks = 1
    }
    await store.send(.destination(.presented(.folder(.destination(.presented(.folder(.close))))))) {
      $0.$destination[case: \.folder]?.$destination[case: \.folder]?.destination = nil
    }
    await clock.advance(by: .seconds(5))
    await store.send(.close) { $0.destination = nil }
  }

  @Test func stackOfItselfThreeLevelsDeep() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Screen.State(name: "root")) {
      Screen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.push("one")) { $0.path[id: 0] = Screen.State(name: "one") }
    await store.send(.path(.element(id: 0, action: .push("two")))) {
      $0.path[id: 0]?.path[id: 1] = Screen.State(name: "two")
    }
    await store.send(.path(.element(id: 0, action: .path(.element(id: 1, action: .push("three")))))) {
      $0.path[id: 0]?.path[id: 1]?.path[id: 2] = Screen.State(name: "three")
    }
    let deepest: (Screen.Action) -> Screen.Action = {
      .path(.element(id: 0, action: .path(.element(id: 1, action: .path(.element(id: 2, action: $0))))))
    }
    await store.send(deepest(.rename("deep"))) { $0.path[id: 0]?.path[id: 1]?.path[id: 2]?.name = "deep" }

    await store.send(deepest(.startTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(deepest(.tick)) { $0.path[id: 0]?.path[id: 1]?.path[id: 2]?.ticks = 1 }
    await store.send(.path(.element(id: 0, action: .path(.element(id: 1, action: .pop))))) {
      $0.path[id: 0]?.path[id: 1]?.path = StackState()
    }
    await clock.advance(by: .seconds(5))
    await store.send(.pop) { $0.path = StackState() }
  }
}
