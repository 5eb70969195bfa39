import ComposableArchitecture
import Testing

private enum TestStoreNumberKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var testStoreNumber: Int {
    get { self[TestStoreNumberKey.self] }
    set { self[TestStoreNumberKey.self] = newValue }
  }
}

@Reducer
private struct TestStoreFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var name = ""
    var isLoading = false
    var ticks = 0
  }

  enum Action: Equatable {
    case increment
    case noop
    case load
    case loaded(Int)
    case setName(String)
    case named(name: String)
    case readNumber
    case number(Int)
    case startTimer
    case tick
    case fireThree
    case step(Int)
    case work
    case delegate(Delegate)
    @CasePathable
    enum Delegate: Equatable {
      case done
      case value(Int)
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.testStoreNumber) var number
  let workDone = LockIsolated(false)

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .noop:
        return .none
      case .load:
        state.isLoading = true
        return .run { send in
          await send(.loaded(42))
          await send(.delegate(.done))
        }
      case let .loaded(value):
        state.isLoading = false
        state.count = value
        return .send(.delegate(.value(value)))
      case let .setName(name):
        state.name = name
        return .none
      case let .named(name):
        state.name = name
        state.count += 1
        return .none
      case .readNumber:
        let number = self.number
        return .run { send in await send(.number(number)) }
      case let .number(value):
        state.count = value
        return .none
      case .startTimer:
        let clock = self.clock
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      case .fireThree:
        return .run { send in
          await send(.step(1))
          await send(.step(2))
          await send(.step(3))
        }
      case let .step(value):
        state.count += value
        state.name += "\(value)"
        return .none
      case .work:
        let workDone = self.workDone
        return .run { _ in
          for _ in 0..<1_000 { await Task.yield() }
          workDone.setValue(true)
        }
      case .delegate:
        return .none
      }
    }
  }
}

/// Effects that never end, started by actions that other effects send.
@Reducer
private struct Chain {
  struct State: Equatable {}
  enum Action: Equatable {
    case start
    case response
    case deeper
  }
  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .start:
        return .run { send in await send(.response) }
      case .response:
        return .merge(
          .run { _ in try await Task.never() },
          .run { send in await send(.deeper) }
        )
      case .deeper:
        return .run { _ in try await Task.never() }
      }
    }
  }
}

@MainActor
struct TestStoreTests {
  @Test func sendWithAndWithoutAssertion() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.noop)
    await store.send(.setName("Blob")) { $0.name = "Blob" }
    #expect(store.state == TestStoreFeature.State(count: 1, name: "Blob"))
  }

  @Test func stateMovesOnlyWithTheTestsSteps() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.send(.load) { $0.isLoading = true }
    // NB: The effect has sent `.loaded(42)` by now, but it is not asserted yet.
    #expect(store.state.count == 0)
    #expect(store.state.isLoading)
    await store.receive(.loaded(42)) {
      // NB: Inside the closure the store's state is still the previous step's, as in TCA.
      #expect(store.state.count == 0)
      $0.isLoading = false
      $0.count = 42
    }
    #expect(store.state.count == 42)
    await store.skipReceivedActions()
    #expect(store.state == TestStoreFeature.State(count: 42))
  }

  @available(*, deprecated, message: "XCTModify is deprecated in CasePaths")
  @Test func xctModifyAsksForAChangeOnlyWhenExhaustive() async {
    let store = TestStore(initialState: Optional(1)) { Reduce<Int?, Bool> { _, _ in .none } }
    store.exhaustivity = .off
    await store.send(true) { XCTModify(&$0) { _ in } }
    store.exhaustivity = .on
    await withKnownIssue {
      await store.send(true) { XCTModify(&$0) { _ in } }
    } matching: {
      $0.messageContains("it was unchanged") || $0.messageContains("no change occurred")
    }
  }

  @Test func aClosureWhereNothingChangedIsReported() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await withKnownIssue {
      await store.send(.noop) { $0.count = 0 }
    } matching: { issue in
      issue.description.contains("Expected state to change, but no change occurred")
    }
    // Without a closure, or outside exhaustive mode, it is fine.
    await store.send(.noop)
    store.exhaustivity = .off
    await store.send(.noop) { $0.count = 0 }
  }

  @Test func assertionClosuresSeeTheStoresDependencies() async {
    let store = TestStore(initialState: TestStoreFeature.State()) {
      TestStoreFeature()
    } withDependencies: {
      $0.testStoreNumber = 7
    }
    await store.send(.increment) {
      @Dependency(\.testStoreNumber) var number
      $0.count = number - 6
    }
  }

  @Test func receiveAction() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
    await store.receive(.delegate(.value(42)))
    await store.receive(.delegate(.done))
  }

  @Test func receiveCaseKeyPath() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(\.loaded) {
      $0.isLoading = false
      $0.count = 42
    }
    await store.receive(\.delegate.value)
    await store.receive(\.delegate.done)
  }

  @Test func receiveCaseKeyPathWithValue() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(\.loaded, 42) {
      $0.isLoading = false
      $0.count = 42
    }
    await store.receive(\.delegate.value, 42)
    await store.receive(\.delegate.done)
  }

  @Test func receivePredicate() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.send(.load) { $0.isLoading = true }
    await store.receive({ if case .loaded(42) = $0 { true } else { false } }) {
      $0.isLoading = false
      $0.count = 42
    }
    await store.receive({ $0 == .delegate(.value(42)) })
    await store.receive({ $0 == .delegate(.done) })
  }

  @Test func sendCaseKeyPathWithValue() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.send(\.setName, "Blob") { $0.name = "Blob" }
    await store.send(\.named, "Blob Jr.") {
      $0.name = "Blob Jr."
      $0.count = 1
    }
    await store.send(\.increment) { $0.count = 2 }
  }

  @Test func finish() async {
    let feature = TestStoreFeature()
    let store = TestStore(initialState: TestStoreFeature.State()) { feature }
    await store.send(.work)
    await store.finish()
    #expect(feature.workDone.value)
  }

  @Test func skipReceivedActions() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.send(.load) { $0.isLoading = true }.finish()
    await store.skipReceivedActions()
    // NB: The asserted state moves to the state after the skipped actions.
    #expect(store.state == TestStoreFeature.State(count: 42, isLoading: false))
    await store.send(.increment) { $0.count = 43 }
  }

  @Test func skipReceivedActionsNotStrict() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.skipReceivedActions(strict: false)
  }

  @Test func skipInFlightEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: TestStoreFeature.State()) {
      TestStoreFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.skipInFlightEffects()
    // The skipped timer goes on, and what it sends is still received (as in TCA); the test
    // just need not see it finish.
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.finish()
  }

  @Test func skipInFlightEffectsNotStrict() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.skipInFlightEffects(strict: false)
  }

  @Test func assertState() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    store.assert { $0.count = 0 }
    store.assert { _ in }
    await store.send(.increment) { $0.count = 1 }
    store.assert { $0.count = 1 }
  }

  @Test func mutableDependencies() async {
    let store = TestStore(initialState: TestStoreFeature.State()) {
      TestStoreFeature()
    } withDependencies: {
      $0.testStoreNumber = 1
    }
    await store.send(.readNumber)
    await store.receive(.number(1)) { $0.count = 1 }
    store.dependencies.testStoreNumber = 2
    await store.send(.readNumber)
    await store.receive(.number(2)) { $0.count = 2 }
  }

  @Test func cancellingASendsTaskCancelsWhatItLedTo() async {
    let store = TestStore(initialState: Chain.State()) { Chain() }
    let task = await store.send(.start)
    await store.receive(.response)
    await store.receive(.deeper)
    // NB: The effects .response and .deeper started never end on their own: cancelling the
    //     task of .start must end them, or the test store reports them at its end.
    await task.cancel()
    await store.finish()
  }

  @Test func testStoreTaskCancel() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: TestStoreFeature.State()) {
      TestStoreFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.startTimer)
    #expect(!task.isCancelled)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 2 }
    await task.cancel()
    #expect(task.isCancelled)
    await clock.advance(by: .seconds(5))
  }

  @Test func testStoreTaskFinish() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    let task = await store.send(.fireThree)
    await task.finish()
    await store.receive(.step(1)) {
      $0.count = 1
      $0.name = "1"
    }
    await store.receive(.step(2)) {
      $0.count = 3
      $0.name = "12"
    }
    await store.receive(.step(3)) {
      $0.count = 6
      $0.name = "123"
    }
  }

  @Test func testStoreTaskWithoutEffects() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    let task = await store.send(.increment) { $0.count = 1 }
    #expect(task.isCancelled)
    await task.finish()
    await task.cancel()
  }

  @Test func exhaustivityOffPartialState() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    store.exhaustivity = .off
    await store.send(.named(name: "Blob")) { $0.count = 1 }
    await store.send(.named(name: "Blob Jr.")) { $0.name = "Blob Jr." }
    #expect(store.state == TestStoreFeature.State(count: 2, name: "Blob Jr."))
    // NB: Nothing asserted is still fine.
    await store.send(.increment)
  }

  @Test func exhaustivityOffSkipsReceivedActions() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    store.exhaustivity = .off
    await store.send(.fireThree)
    await store.receive(.step(3)) {
      $0.count = 6
      $0.name = "123"
    }
    await store.send(.load)
    // NB: The store does not need ".loaded" and the delegate actions asserted.
    await store.receive(\.delegate.done) { $0.count = 42 }
  }

  @Test func exhaustivityOffUnreceivedActionsAndRunningEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: TestStoreFeature.State()) {
      TestStoreFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.load)
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    // NB: Unreceived actions and a running timer are not failures.
  }

  @Test func exhaustivityOffShowSkippedAssertions() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    // NB: The skipped assertions are reported as known issues, which do not fail the test.
    await store.send(.named(name: "Blob")) { $0.count = 1 }
    await store.send(.fireThree)
    await store.receive(.step(3)) { $0.count = 7 }
    await store.finish()
  }

  @Test func withExhaustivity() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    await store.withExhaustivity(.off) {
      await store.send(.named(name: "Blob")) { $0.count = 1 }
      await store.send(.load)
      await store.receive(\.delegate.done)
    }
    #expect(store.exhaustivity == .on)
    // NB: Exhaustive again: the whole change must be asserted.
    await store.send(.named(name: "Blob Sr.")) {
      $0.name = "Blob Sr."
      $0.count = 43
    }
  }

  @Test func receiveWithCustomTimeout() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    store.timeout = 5_000_000_000
    await store.send(.readNumber)
    await store.receive(.number(0), timeout: .seconds(5))
  }
}
