import ComposableArchitecture
import Testing

/// Shared state and actions of the builder tests: every reducer appends its name to `log`.
private struct LogState: Equatable {
  var log: [String] = []
}

@CasePathable
private enum LogAction: Equatable {
  case tap
  case echo(String)
}

/// Appends `name` on `.tap`; on `.echo`, appends the echoed value.
private struct Append: Reducer {
  let name: String
  func reduce(into state: inout LogState, action: LogAction) -> Effect<LogAction> {
    switch action {
    case .tap:
      state.log.append(self.name)
      return .none
    case let .echo(value):
      state.log.append("\(self.name):\(value)")
      return .none
    }
  }
}

private enum Mode: Equatable {
  case first, second, third
}

@Reducer
private struct Ordered {
  typealias State = LogState
  typealias Action = LogAction
  var body: some ReducerOf<Self> {
    Append(name: "a")
    Reduce { state, action in
      state.log.append("b")
      if case .tap = action { return .send(.echo("from-b")) }
      return .none
    }
    Append(name: "c")
  }
}

@Reducer
private struct Conditional {
  typealias State = LogState
  typealias Action = LogAction
  let isEnabled: Bool
  var body: some ReducerOf<Self> {
    Append(name: "always")
    if self.isEnabled {
      Append(name: "enabled")
    }
  }
}

@Reducer
private struct IfElse {
  typealias State = LogState
  typealias Action = LogAction
  let isEnabled: Bool
  var body: some ReducerOf<Self> {
    if self.isEnabled {
      Append(name: "then")
    } else {
      Append(name: "else")
    }
  }
}

@Reducer
private struct IfLetBuilder {
  typealias State = LogState
  typealias Action = LogAction
  let suffix: String?
  var body: some ReducerOf<Self> {
    if let suffix = self.suffix {
      Append(name: "some-\(suffix)")
    }
    Append(name: "end")
  }
}

@Reducer
private struct Switching {
  typealias State = LogState
  typealias Action = LogAction
  let mode: Mode
  var body: some ReducerOf<Self> {
    switch self.mode {
    case .first:
      Append(name: "one")
    case .second:
      Append(name: "two")
    case .third:
      Append(name: "three")
      Append(name: "three-bis")
    }
  }
}

@Reducer
private struct OptionalChild {
  typealias State = LogState
  typealias Action = LogAction
  let extra: Append?
  var body: some ReducerOf<Self> {
    Append(name: "base")
    self.extra
  }
}

@Reducer
private struct Looping {
  typealias State = LogState
  typealias Action = LogAction
  let names: [String]
  var body: some ReducerOf<Self> {
    Append(name: "before")
    for name in self.names {
      Append(name: name)
    }
    Append(name: "after")
  }
}

@Reducer
private struct Empty {
  typealias State = LogState
  typealias Action = LogAction
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

/// A body made of reducers known only as `any Reducer`, chosen when the feature is made.
@Reducer
private struct Chosen {
  typealias State = LogState
  typealias Action = LogAction
  let first: any Reducer<LogState, LogAction>
  var body: some ReducerOf<Self> {
    self.first
    Append(name: "then")
  }
}

@MainActor
struct ReducerBuilderTests {
  @Test func existentialReducersJoinABody() async {
    let store = TestStore(initialState: LogState()) { Chosen(first: Append(name: "chosen")) }
    await store.send(.tap) { $0.log = ["chosen", "then"] }
  }

  @Test func reduceRunsClosure() async {
    let store = TestStore(initialState: LogState()) {
      Reduce<LogState, LogAction> { state, action in
        if case .tap = action { state.log.append("reduced") }
        return .none
      }
    }
    await store.send(.tap) { $0.log = ["reduced"] }
    await store.send(.echo("x"))
  }

  @Test func reduceWrapsReducer() async {
    let store = TestStore(initialState: LogState()) {
      Reduce(Append(name: "wrapped"))
    }
    await store.send(.echo("v")) { $0.log = ["wrapped:v"] }
  }

  @Test func reducersInBodyRunInOrderAndEffectsAreMerged() async {
    let store = TestStore(initialState: LogState()) { Ordered() }
    await store.send(.tap) { $0.log = ["a", "b", "c"] }
    await store.receive(.echo("from-b")) {
      $0.log = ["a", "b", "c", "a:from-b", "b", "c:from-b"]
    }
  }

  @Test func combineReducersRunsChildrenInOrder() async {
    let store = TestStore(initialState: LogState()) {
      CombineReducers {
        Append(name: "1")
        Append(name: "2")
        CombineReducers {
          Append(name: "3")
          Append(name: "4")
        }
      }
      Append(name: "5")
    }
    await store.send(.tap) { $0.log = ["1", "2", "3", "4", "5"] }
  }

  @Test func emptyReducerDoesNothing() async {
    let store = TestStore(initialState: LogState(log: ["x"])) { Empty() }
    await store.send(.tap)
    await store.send(.echo("y"))
    #expect(store.state.log == ["x"])
  }

  @Test func emptyBuilderBlockDoesNothing() async {
    let store = TestStore<LogState, LogAction>(initialState: LogState()) {}
    await store.send(.tap)
  }

  @Test func ifWithoutElse() async {
    let enabled = TestStore(initialState: LogState()) { Conditional(isEnabled: true) }
    await enabled.send(.tap) { $0.log = ["always", "enabled"] }

    let disabled = TestStore(initialState: LogState()) { Conditional(isEnabled: false) }
    await disabled.send(.tap) { $0.log = ["always"] }
  }

  @Test func ifElse() async {
    let enabled = TestStore(initialState: LogState()) { IfElse(isEnabled: true) }
    await enabled.send(.tap) { $0.log = ["then"] }

    let disabled = TestStore(initialState: LogState()) { IfElse(isEnabled: false) }
    await disabled.send(.tap) { $0.log = ["else"] }
  }

  @Test func ifLet() async {
    let some = TestStore(initialState: LogState()) { IfLetBuilder(suffix: "x") }
    await some.send(.tap) { $0.log = ["some-x", "end"] }

    let none = TestStore(initialState: LogState()) { IfLetBuilder(suffix: nil) }
    await none.send(.tap) { $0.log = ["end"] }
  }

  @Test func switchStatement() async {
    let first = TestStore(initialState: LogState()) { Switching(mode: .first) }
    await first.send(.tap) { $0.log = ["one"] }

    let second = TestStore(initialState: LogState()) { Switching(mode: .second) }
    await second.send(.tap) { $0.log = ["two"] }

    let third = TestStore(initialState: LogState()) { Switching(mode: .third) }
    await third.send(.tap) { $0.log = ["three", "three-bis"] }
  }

  @Test func optionalReducer() async {
    let present = TestStore(initialState: LogState()) { OptionalChild(extra: Append(name: "extra")) }
    await present.send(.tap) { $0.log = ["base", "extra"] }

    let absent = TestStore(initialState: LogState()) { OptionalChild(extra: nil) }
    await absent.send(.tap) { $0.log = ["base"] }
  }

  @Test func forLoop() async {
    let store = TestStore(initialState: LogState()) { Looping(names: ["x", "y", "z"]) }
    await store.send(.tap) { $0.log = ["before", "x", "y", "z", "after"] }

    let empty = TestStore(initialState: LogState()) { Looping(names: []) }
    await empty.send(.tap) { $0.log = ["before", "after"] }
  }

  @Test func forLoopMergesEffects() async {
    let store = TestStore(initialState: LogState()) {
      for index in 0..<3 {
        Reduce<LogState, LogAction> { state, action in
          guard case .tap = action else { return .none }
          return .send(.echo("\(index)"))
        }
      }
      Reduce { state, action in
        if case let .echo(value) = action { state.log.append(value) }
        return .none
      }
    }
    await store.send(.tap)
    await store.receive(.echo("0")) { $0.log = ["0"] }
    await store.receive(.echo("1")) { $0.log = ["0", "1"] }
    await store.receive(.echo("2")) { $0.log = ["0", "1", "2"] }
  }

  @Test func plainStoreRunsBuilderBody() {
    let store = Store(initialState: LogState()) {
      Looping(names: ["m"])
      Conditional(isEnabled: true)
    }
    store.send(.tap)
    #expect(store.log == ["before", "m", "after", "always", "enabled"])
  }
}
