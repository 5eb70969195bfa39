import ComposableArchitecture
import Testing

@Reducer
private struct Detail {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case increment
    case startTimer
    case tick
    case closeTapped
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
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
private struct Parent {
  @ObservableState
  struct State: Equatable {
    @Presents var detail: Detail.State?
    var log: [String] = []
  }
  enum Action: Equatable {
    case detail(PresentationAction<Detail.Action>)
    case showDetail
    case hideDetail
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .detail(.presented(.increment)):
        state.log.append("saw \(state.detail?.count ?? -1)")
        return .none
      case .detail(.dismiss):
        // The parent runs before the state is cleared.
        state.log.append("dismissing \(state.detail?.count ?? -1)")
        return .none
      case .detail:
        return .none
      case .showDetail:
        state.detail = Detail.State()
        return .none
      case .hideDetail:
        state.detail = nil
        return .none
      }
    }
    .ifLet(\.$detail, action: \.detail) {
      Detail()
    }
  }
}

@Reducer
private struct A {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case increment
    case startTimer
    case tick
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .startTimer:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        state.count += 100
        return .none
      }
    }
  }
}

@Reducer
private struct B {
  @ObservableState
  struct State: Equatable {
    var text = ""
  }
  enum Action: Equatable {
    case setText(String)
    case done
  }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setText(text):
        state.text = text
        return .none
      case .done:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }
}

@Reducer
private enum Destination {
  case a(A)
  case b(B)
}
extension Destination.State: Equatable {}
extension Destination.Action: Equatable {}

@Reducer
private struct Host {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }
  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case showA
    case showB
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination:
        return .none
      case .showA:
        state.destination = .a(A.State())
        return .none
      case .showB:
        state.destination = .b(B.State())
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

@MainActor
struct PresentationTests {
  @Test func presentedChildRunsBeforeParent() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.showDetail) { $0.detail = Detail.State() }
    await store.send(.detail(.presented(.increment))) {
      $0.detail?.count = 1
      $0.log = ["saw 1"]
    }
    await store.send(\.detail.increment) {
      $0.detail?.count = 2
      $0.log = ["saw 1", "saw 2"]
    }
    await store.send(\.detail.presented.increment) {
      $0.detail?.count = 3
      $0.log = ["saw 1", "saw 2", "saw 3"]
    }
  }

  @Test func dismissFromParentNilsStateAfterParentRuns() async {
    let store = TestStore(initialState: Parent.State(detail: Detail.State(count: 7))) { Parent() }
    await store.send(.detail(.dismiss)) {
      $0.detail = nil
      $0.log = ["dismissing 7"]
    }
  }

  @Test func dismissFromParentCancelsChildEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showDetail) { $0.detail = Detail.State() }
    await store.send(.detail(.presented(.startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.detail.tick) { $0.detail?.count = 10 }
    await store.send(.detail(.dismiss)) {
      $0.detail = nil
      $0.log = ["dismissing 10"]
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func niliingStateFromParentCancelsChildEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showDetail) { $0.detail = Detail.State() }
    await store.send(.detail(.presented(.startTimer)))
    await store.send(.hideDetail) { $0.detail = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func dismissDependencySendsDismissAction() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showDetail) { $0.detail = Detail.State() }
    await store.send(.detail(.presented(.startTimer)))
    await store.send(.detail(.presented(.closeTapped)))
    await store.receive(\.detail.dismiss) {
      $0.detail = nil
      $0.log = ["dismissing 0"]
    }
    // The timer went away with the child.
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func dismissDependencyReceivedAsEquatableAction() async {
    let store = TestStore(initialState: Parent.State(detail: Detail.State())) { Parent() }
    await store.send(.detail(.presented(.closeTapped)))
    await store.receive(.detail(.dismiss)) {
      $0.detail = nil
      $0.log = ["dismissing 0"]
    }
    await store.finish()
  }

  @Test func dismissOutsideOfPresentationReportsIssue() async {
    let store = Store(initialState: Detail.State()) { Detail() }
    await withKnownIssue {
      await store.send(.closeTapped).finish()
    } matching: {
      $0.messageContains("not presented")
    }
  }

  @Test func dismissInATestStoresRootFeatureEndsItsEffectsAndItsActions() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Detail.State()) {
      Detail()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    #expect(!store.isDismissed)
    await store.send(.closeTapped)
    await store.finish()
    #expect(store.isDismissed)
    await withKnownIssue {
      await store.send(.increment)
    } matching: {
      $0.messageContains("Can't send action to dismissed test store")
    }
    // The timer was cancelled with the feature: advancing delivers no tick.
    await clock.advance(by: .seconds(5))
  }

  @Test func actionToAbsentPresentedChildReportsIssue() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await withKnownIssue {
      await store.send(.detail(.presented(.increment))) {
        $0.log = ["saw -1"]
      }
    } matching: {
      $0.messageContains("absent")
    }
  }

  @Test func dismissOfAbsentChildReportsIssue() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await withKnownIssue {
      await store.send(.detail(.dismiss)) {
        $0.log = ["dismissing -1"]
      }
    } matching: {
      $0.messageContains("absent")
    }
  }

  @Test func enumDestinationRunsCaseReducer() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.showA) { $0.destination = .a(A.State()) }
    await store.send(.destination(.presented(.a(.increment)))) {
      $0.destination = .a(A.State(count: 1))
    }
    await store.send(\.destination.a.increment) {
      $0.destination?.modify(\.a) { $0.count = 2 }
    }
    await store.send(.showB) { $0.destination = .b(B.State()) }
    await store.send(\.destination.b.setText, "hi") {
      $0.destination = .b(B.State(text: "hi"))
    }
  }

  @Test func enumDestinationActionForOtherCaseReportsIssue() async {
    let store = TestStore(initialState: Host.State(destination: .b(B.State()))) { Host() }
    await withKnownIssue {
      await store.send(.destination(.presented(.a(.increment))))
    } matching: {
      $0.messageContains("different case")
    }
  }

  @Test func enumDestinationDismissCancelsCaseEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Host.State()) {
      Host()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showA) { $0.destination = .a(A.State()) }
    await store.send(.destination(.presented(.a(.startTimer))))
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func enumDestinationSwitchingCaseCancelsEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Host.State()) {
      Host()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showA) { $0.destination = .a(A.State()) }
    await store.send(.destination(.presented(.a(.startTimer))))
    await store.send(.showB) { $0.destination = .b(B.State()) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func enumDestinationChildDismisses() async {
    let store = TestStore(initialState: Host.State(destination: .b(B.State(text: "x")))) { Host() }
    await store.send(.destination(.presented(.b(.done))))
    await store.receive(\.destination.dismiss) { $0.destination = nil }
    await store.finish()
  }

  @Test func storeCaseOfEnumReducer() {
    let store = Store(initialState: Destination.State.a(A.State())) { Destination.body }
    switch store.case {
    case let .a(aStore):
      aStore.send(.increment)
      #expect(aStore.count == 1)
    case .b:
      Issue.record("Expected case a")
    }
    #expect(store.state == .a(A.State(count: 1)))
  }

  @Test func storeCaseThroughPresentedScope() {
    let store = Store(initialState: Host.State(destination: .b(B.State()))) { Host() }
    guard let destination = store.scope(state: \.destination, action: \.destination) else {
      Issue.record("Expected a presented destination")
      return
    }
    switch destination.case {
    case .a:
      Issue.record("Expected case b")
    case let .b(bStore):
      bStore.send(.setText("typed"))
      #expect(bStore.text == "typed")
    }
    #expect(store.destination == .b(B.State(text: "typed")))
  }
}
