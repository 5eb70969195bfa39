// NB: As TCA's examples' tests write it: swift-clocks imported beside this module, which
//     re-exports it. `TestClock` and `SuspensionError` must name one type each.
import Clocks
import ComposableArchitecture
import Testing

@Reducer
private struct Stopwatch {
  @ObservableState
  struct State: Equatable {
    var seconds = 0
  }
  enum Action: Equatable {
    case start
    case stop
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
      case .stop:
        return .cancel(id: CancelID.timer)
      case .tick:
        state.seconds += 1
        return .none
      }
    }
  }
}

@MainActor
struct ClocksImportTests {
  @Test func testClockIsSwiftClocksOwnAndDrivesATestStore() async {
    let clock = TestClock()
    #expect(type(of: clock) == Clocks.TestClock<Duration>.self)
    let store = TestStore(initialState: Stopwatch.State()) {
      Stopwatch()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.tick) { $0.seconds = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(\.tick) { $0.seconds = 2 }
    await store.send(.stop)
  }

  @Test func theTestClockOfClockIsSwiftClocksOwn() {
    let clock: some Clock<Duration> = .test
    #expect(clock is Clocks.TestClock<Duration>)
  }

  @Test func bothTestClocksThrowTheOneSuspensionError() async {
    let clock = TestClock()
    let sleep = Task { try await clock.sleep(for: .seconds(1)) }
    await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
    sleep.cancel()

    let settling = SettlingTestClock()
    let store = TestStore(initialState: Stopwatch.State()) {
      Stopwatch()
    } withDependencies: {
      $0.continuousClock = settling
    }
    await store.send(.start)
    await #expect(throws: SuspensionError.self) { try await settling.checkSuspension() }
    await store.send(.stop)
  }
}
