import ComposableArchitecture
import Testing

@Reducer
private struct Ticker {
  @ObservableState
  struct State: Equatable {
    var ticks = 0
    var hops = 0
    var finished: [Int] = []
  }
  enum Action: Equatable {
    case start
    case startHopping
    case stop
    case tick
    case hop
    case race
    case finished(Int)
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .startHopping:
        // Between sleeps the effect does work of its own: yields, a cancellable part, a child
        // task. The clock must still find its next sleep.
        return .run { [clock] send in
          for _ in 1...3 {
            try await clock.sleep(for: .seconds(1))
            for _ in 1...5 { await Task.yield() }
            await withTaskGroup(of: Void.self) { group in
              group.addTask { await Task.yield() }
            }
            await withTaskCancellation(id: "hop") { await Task.yield() }
            await send(.hop)
          }
        }
      case .race:
        return .merge(
          .run { [clock] send in
            try await clock.sleep(for: .seconds(3))
            await send(.finished(3))
          },
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.finished(1))
          }
        )
      case let .finished(seconds):
        state.finished.append(seconds)
        return .none
      case .stop:
        return .cancel(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .hop:
        state.hops += 1
        return .none
      }
    }
  }
}

@MainActor
private func tickerStore(_ clock: SettlingTestClock<Duration>) -> TestStoreOf<Ticker> {
  TestStore(initialState: Ticker.State()) {
    Ticker()
  } withDependencies: {
    $0.continuousClock = clock
  }
}

@MainActor
struct SettlingTestClockTests {
  @Test func aSleepEndsWhenTheClockReachesItsDeadline() async throws {
    let clock = SettlingTestClock()
    let ended = LockIsolated(false)
    let task = Task {
      try await clock.sleep(for: .seconds(2))
      ended.setValue(true)
    }
    await clock.waitUntilSuspended()
    await clock.advance(by: .seconds(1))
    #expect(!ended.value)
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(ended.value)
    #expect(clock.now == .init(offset: .seconds(2)))
  }

  @Test func aDeadlineAlreadyPastReturnsAtOnce() async throws {
    let clock = SettlingTestClock<Duration>(now: .init(offset: .seconds(10)))
    try await clock.sleep(until: .init(offset: .seconds(5)))
    #expect(clock.now == .init(offset: .seconds(10)))
  }

  @Test func cancellingASleepThrows() async {
    let clock = SettlingTestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitUntilSuspended()
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    // NB: The cancelled sleep is gone: nothing is left for the clock to end.
    await #expect(throws: Never.self) { try await clock.checkSuspension() }
  }

  @Test func advancingEndsSleepsInOrderOfDeadline() async {
    let clock = SettlingTestClock()
    let store = tickerStore(clock)
    await store.send(.race)
    await clock.advance(by: .seconds(5))
    await store.receive(.finished(1)) { $0.finished = [1] }
    await store.receive(.finished(3)) { $0.finished = [1, 3] }
    #expect(clock.now == .init(offset: .seconds(5)))
  }

  @Test func oneAdvanceEndsEverySleepOfATimerThatIsDue() async {
    let clock = SettlingTestClock()
    let store = tickerStore(clock)
    await store.send(.start)
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.send(.stop)
  }

  @Test func workBetweenSleepsDoesNotHideTheNextSleep() async {
    let clock = SettlingTestClock()
    let store = tickerStore(clock)
    await store.send(.startHopping)
    await clock.advance(by: .seconds(3))
    await store.receive(.hop) { $0.hops = 1 }
    await store.receive(.hop) { $0.hops = 2 }
    await store.receive(.hop) { $0.hops = 3 }
  }

  @Test func checkSuspensionThrowsWhileAnEffectSleeps() async {
    let clock = SettlingTestClock()
    let store = tickerStore(clock)
    await store.send(.start)
    await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
    await store.send(.stop)
    await #expect(throws: Never.self) { try await clock.checkSuspension() }
  }

  @Test func runEndsEverySleepOfEffectsThatFinish() async {
    let clock = SettlingTestClock()
    let store = tickerStore(clock)
    await store.send(.startHopping)
    await clock.run()
    await store.receive(.hop) { $0.hops = 1 }
    await store.receive(.hop) { $0.hops = 2 }
    await store.receive(.hop) { $0.hops = 3 }
    #expect(clock.now == .init(offset: .seconds(3)))
  }

  @Test func runReportsATimerThatNeverStops() async {
    let clock = SettlingTestClock()
    let store = tickerStore(clock)
    store.exhaustivity = .off
    await store.send(.start)
    await withKnownIssue {
      await clock.run(timeout: .milliseconds(10))
    }
    await store.skipReceivedActions()
    await store.send(.stop)
  }
}

extension SettlingTestClock<Duration> {
  /// Waits until some sleep is suspended, for a sleep in a plain task that no test store runs.
  fileprivate func waitUntilSuspended() async {
    while (try? await self.checkSuspension()) != nil { await Task.yield() }
  }
}
