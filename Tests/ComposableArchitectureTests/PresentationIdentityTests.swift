import ComposableArchitecture
import Foundation
import Testing

/// A presented child that is `Identifiable` but not `@ObservableState`: it is known by its id.
@Reducer
private struct Ticker {
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
  }
  enum Action: Equatable {
    case start
    case tick
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

@Reducer
private struct TickerHost {
  struct State: Equatable {
    @PresentationState var ticker: Ticker.State?
  }
  enum Action: Equatable {
    case ticker(PresentationAction<Ticker.Action>)
    case present(Int)
    case stopTimers
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .ticker(.dismiss):
        // NB: Ticker 1 is replaced by ticker 2 when dismissed; any other is dismissed.
        if state.ticker?.id == 1 { state.ticker = Ticker.State(id: 2) }
        return .none
      case .ticker:
        return .none
      case let .present(id):
        state.ticker = Ticker.State(id: id)
        return .none
      case .stopTimers:
        return .cancel(id: Ticker.CancelID.timer)
      }
    }
    .ifLet(\.$ticker, action: \.ticker) {
      Ticker()
    }
  }
}

@MainActor
struct PresentationIdentityTests {
  @Test func replacingAChildWithAnotherIDCancelsTheFirstOnesEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(7)) { $0.ticker = Ticker.State(id: 7) }
    await store.send(.ticker(.presented(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.presented(.tick))) { $0.ticker?.ticks = 1 }
    await store.send(.present(8)) { $0.ticker = Ticker.State(id: 8) }
    // The first ticker's timer went with it.
    await clock.advance(by: .seconds(3))
    await store.send(.ticker(.dismiss)) { $0.ticker = nil }
  }

  @Test func aParentThatAnswersDismissWithAnotherChildKeepsIt() async {
    let store = TestStore(initialState: TickerHost.State(ticker: Ticker.State(id: 1))) {
      TickerHost()
    }
    await store.send(.ticker(.dismiss)) { $0.ticker = Ticker.State(id: 2) }
    await store.send(.ticker(.dismiss)) { $0.ticker = nil }
  }

  @Test func aParentCancelsItsChildsEffectByTheChildsID() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: TickerHost.State(ticker: Ticker.State(id: 3))) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.ticker(.presented(.start)))
    await store.send(.stopTimers)
    await clock.advance(by: .seconds(3))
    // The timer was cancelled: no tick arrives, and no effect is left running.
  }
}

@Reducer
private struct OuterHost {
  struct State: Equatable {
    @PresentationState var ticker: Ticker.State?
  }
  enum Action: Equatable {
    case ticker(PresentationAction<Ticker.Action>)
    case dismissOutside
    case noop
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$ticker, action: \.ticker) {
        Ticker()
      }
    // NB: This reducer is outside the `ifLet`, which sees the dismissal only on its next action.
    Reduce { state, action in
      if action == .dismissOutside { state.ticker = nil }
      return .none
    }
  }
}

@Reducer
private struct OuterStackHost {
  struct State: Equatable {
    var path = StackState<Ticker.State>()
  }
  enum Action: Equatable {
    case path(StackActionOf<Ticker>)
    case popAllOutside
    case noop
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path) {
        Ticker()
      }
    Reduce { state, action in
      if action == .popAllOutside { state.path.removeAll() }
      return .none
    }
  }
}

@MainActor
struct OuterDismissalTests {
  @Test func anElementPoppedOutsideItsForEachHasItsEffectsCancelledOnTheNextAction() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: OuterStackHost.State()) {
      OuterStackHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.push(id: 0, state: Ticker.State(id: 5)))) {
      $0.path[id: 0] = Ticker.State(id: 5)
    }
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.popAllOutside) { $0.path = StackState() }
    await store.send(.noop)
    await clock.advance(by: .seconds(3))
  }

  @Test func aChildDismissedOutsideItsIfLetHasItsEffectsCancelledOnTheNextAction() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: OuterHost.State(ticker: Ticker.State(id: 1))) {
      OuterHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.ticker(.presented(.start)))
    await store.send(.dismissOutside) { $0.ticker = nil }
    await store.send(.noop)
    await clock.advance(by: .seconds(3))
  }
}
