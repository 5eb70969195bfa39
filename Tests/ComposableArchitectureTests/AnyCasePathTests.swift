import ComposableArchitecture
import Testing

@Reducer
private struct Counter {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable {
    case increment
    case incrementLater
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementLater:
        return .send(.increment)
      }
    }
  }
}

/// A feature written in TCA's older style, naming cases with `AnyCasePath` values.
@Reducer
private struct OldStyle {
  @ObservableState
  struct State: Equatable {
    var counter = Counter.State()
    var optional: Counter.State?
    var rows: IdentifiedArrayOf<Counter.State> = []
  }
  enum Action: Equatable {
    case counter(Counter.Action)
    case optional(Counter.Action)
    case row(id: Int, action: Counter.Action)
  }
  // NB: Deprecated itself, so that the deprecated `/` case paths it is written with do not warn;
  //     it is called through the protocol, which does not.
  @available(*, deprecated, message: "Written with the deprecated `/` case paths, as TCA's older code is.")
  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: /Action.counter) { Counter() }
    EmptyReducer()
      .ifLet(\.optional, action: /Action.optional) { Counter() }
      .forEach(\.rows, action: /Action.row(id:action:)) { Counter() }
  }
}

@MainActor
struct AnyCasePathTests {
  @Test func scopeIfLetAndForEachTakeAnyCasePaths() async {
    let store = TestStore(
      initialState: OldStyle.State(optional: Counter.State(), rows: [Counter.State(id: 7)])
    ) { OldStyle() }
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.optional(.increment)) { $0.optional?.count = 1 }
    await store.send(.row(id: 7, action: .increment)) { $0.rows[id: 7]?.count = 1 }
  }

  @Test func receiveTakesAnAnyCasePath() async {
    let store = TestStore(initialState: OldStyle.State()) { OldStyle() }
    await store.send(.counter(.incrementLater))
    await store.receive(oldSpelling.counter) { $0.counter.count = 1 }
  }
}

/// `/OldStyle.Action.counter`, as TCA's older code spells it (the `/` operator is deprecated:
/// read through the protocol, it does not warn).
private protocol OldStyleCases {
  static var counter: AnyCasePath<OldStyle.Action, Counter.Action> { get }
}

private enum OldSpelling: OldStyleCases {
  @available(*, deprecated, message: "The deprecated `/` case paths, as TCA's older code spells them.")
  static var counter: AnyCasePath<OldStyle.Action, Counter.Action> { /OldStyle.Action.counter }
}

private var oldSpelling: any OldStyleCases.Type { OldSpelling.self }
