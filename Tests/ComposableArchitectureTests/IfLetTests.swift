import ComposableArchitecture
import Testing

@Reducer
private struct Ticker {
  @ObservableState
  struct State: Equatable {
    var ticks = 0
  }
  enum Action: Equatable {
    case start
    case tick
    case close
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        state.ticks += 1
        return .none
      case .close:
        return .none
      }
    }
  }
}

@Reducer
private struct Parent {
  @ObservableState
  struct State: Equatable {
    var timer: Ticker.State?
    var seenByParent: [Int] = []
  }
  enum Action: Equatable {
    case timer(Ticker.Action)
    case show
    case hide
    case replace
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .timer(.tick):
        // Runs after the child: it sees the child's new state.
        state.seenByParent.append(state.timer?.ticks ?? -1)
        return .none
      case .timer(.close):
        state.timer = nil
        return .none
      case .timer:
        return .none
      case .show:
        state.timer = Ticker.State()
        return .none
      case .hide:
        state.timer = nil
        return .none
      case .replace:
        state.timer = Ticker.State()
        return .none
      }
    }
    .ifLet(\.timer, action: \.timer) {
      Ticker()
    }
  }
}

/// An alert-like child: plain state with actions the parent handles, no reducer of its own.
private struct Prompt: Equatable {
  var message: String
  enum Action: Equatable { case confirm, cancel }
}

@Reducer
private struct Prompting {
  @ObservableState
  struct State: Equatable {
    var prompt: Prompt?
    var confirmed = 0
  }
  enum Action: Equatable {
    case prompt(Prompt.Action)
    case ask
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .ask:
        state.prompt = Prompt(message: "Sure?")
        return .none
      case .prompt(.confirm):
        state.confirmed += 1
        state.prompt = nil
        return .none
      case .prompt(.cancel):
        state.prompt = nil
        return .none
      }
    }
    .ifLet(\.prompt, action: \.prompt)
  }
}

@MainActor
struct IfLetTests {
  @Test func childRunsBeforeParent() async {
    let store = TestStore(initialState: Parent.State(timer: Ticker.State())) { Parent() }
    await store.send(.timer(.tick)) {
      $0.timer?.ticks = 1
      $0.seenByParent = [1]
    }
    await store.send(.timer(.tick)) {
      $0.timer?.ticks = 2
      $0.seenByParent = [1, 2]
    }
  }

  @Test func parentMayNilChildAfterChildAction() async {
    let store = TestStore(initialState: Parent.State(timer: Ticker.State(ticks: 4))) { Parent() }
    await store.send(.timer(.close)) {
      $0.timer = nil
    }
  }

  @Test func childEffectRunsWhileChildIsPresent() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.show) { $0.timer = Ticker.State() }
    await store.send(.timer(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.timer(.tick)) {
      $0.timer?.ticks = 1
      $0.seenByParent = [1]
    }
    await store.finish()
  }

  @Test func childEffectsAreCancelledWhenParentNilsState() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.show) { $0.timer = Ticker.State() }
    await store.send(.timer(.start))
    await store.send(.hide) { $0.timer = nil }
    // Were the effect still alive, it would send `.timer(.tick)` now, which would be an
    // unexpected action (and an action for an absent child).
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func childEffectsAreCancelledWhenChildIsReplacedByANewValue() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.show) { $0.timer = Ticker.State() }
    await store.send(.timer(.start))
    await store.send(.replace)
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func actionForAbsentChildReportsIssue() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await withKnownIssue {
      await store.send(.timer(.tick)) {
        // The parent still runs.
        $0.seenByParent = [-1]
      }
    } matching: {
      $0.messageContains("nil")
    }
  }

  @Test func ifLetWithoutChildReducer() async {
    let store = TestStore(initialState: Prompting.State()) { Prompting() }
    await store.send(.ask) { $0.prompt = Prompt(message: "Sure?") }
    await store.send(.prompt(.confirm)) {
      $0.prompt = nil
      $0.confirmed = 1
    }
    await store.send(.ask) { $0.prompt = Prompt(message: "Sure?") }
    await store.send(.prompt(.cancel)) { $0.prompt = nil }
  }

  @Test func ifLetWithoutChildReducerReportsActionForAbsentState() async {
    let store = TestStore(initialState: Prompting.State()) { Prompting() }
    await withKnownIssue {
      await store.send(.prompt(.confirm)) {
        $0.confirmed = 1
      }
    } matching: {
      $0.messageContains("nil")
    }
  }
}
