import ComposableArchitecture
import Testing

private struct EffectFailure: Error, Equatable {
  let message: String
}

private enum EffectCancelID: Hashable, Sendable {
  case timer
  case search
  case concatenation
  case load
  case debounce
}

@Reducer
private struct EffectFeature {
  @ObservableState
  struct State: Equatable {
    var log: [String] = []
    var count = 0
  }

  enum Action: Equatable {
    case none
    case sendChain
    case a
    case b
    case c
    case d
    case runSend
    case response(Int)
    case runThrowsCaught
    case runThrowsUncaught
    case failed(String)
    case mergeSends
    case mergeRuns
    case mergeSequence
    case concatenateInOrder
    case concatenateCancellable
    case cancelConcatenation
    case mapped
    case startTimer
    case stopTimer
    case tick
    case search(String)
    case searchResult(String)
    case load(Int)
    case loaded(Int)
    case cancelLoad
    case cancelTimerFromEffect
    case debouncedSearch(String)
    case captureNumber
    case number(Int)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.effectTestNumber) var number
  let events: LockIsolated<[String]>

  init(events: LockIsolated<[String]> = LockIsolated([])) {
    self.events = events
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .none:
        return .none

      case .sendChain:
        state.log.append("sendChain")
        return .merge(.send(.a), .send(.b))
      case .a:
        state.log.append("a")
        return .send(.c)
      case .b:
        state.log.append("b")
        return .none
      case .c:
        state.log.append("c")
        return .none
      case .d:
        state.log.append("d")
        return .none

      case .runSend:
        return .run { send in
          await send(.response(42))
        }
      case let .response(value):
        state.count = value
        return .none

      case .runThrowsCaught:
        return .run { _ in
          throw EffectFailure(message: "boom")
        } catch: { error, send in
          await send(.failed((error as? EffectFailure)?.message ?? "?"))
        }
      case .runThrowsUncaught:
        return .run { _ in
          throw EffectFailure(message: "uncaught")
        }
      case let .failed(message):
        state.log.append("failed: \(message)")
        return .none

      case .mergeSends:
        return .merge(.send(.a), .none, .send(.b), .send(.d))
      case .mergeRuns:
        // NB: The first effect cannot finish until the second has run, so the two must run
        // at the same time.
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        return .merge(
          .run { send in
            for await _ in stream { break }
            await send(.a)
          },
          .run { send in
            await send(.b)
            continuation.yield()
            continuation.finish()
          }
        )
      case .mergeSequence:
        return Effect.merge([Effect<Action>.send(.b), .send(.d)])
          .merge(with: .send(.c))

      case .concatenateInOrder:
        let clock = self.clock
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.number(1))
          },
          .run { send in await send(.number(2)) },
          .send(.number(3))
        )
      case .concatenateCancellable:
        let clock = self.clock
        let events = self.events
        return .concatenate(
          .run { send in
            events.withValue { $0.append("first started") }
            try await clock.sleep(for: .seconds(1))
            events.withValue { $0.append("first finished") }
            await send(.number(1))
          },
          .run { send in
            events.withValue { $0.append("second ran") }
            await send(.number(2))
          },
          .send(.number(3))
        )
        .cancellable(id: EffectCancelID.concatenation)
      case .cancelConcatenation:
        return .cancel(id: EffectCancelID.concatenation)

      case .mapped:
        return .merge(
          Effect<Int>.send(7).map(Action.response),
          Effect<Int>.run { send in await send(8) }.map { .searchResult("\($0)") }
        )

      case .startTimer:
        let clock = self.clock
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: EffectCancelID.timer)
      case .stopTimer:
        return .cancel(id: EffectCancelID.timer)
      case .tick:
        state.count += 1
        return .none
      case .cancelTimerFromEffect:
        return .run { _ in
          Task.cancel(id: EffectCancelID.timer)
        }

      case let .search(query):
        let clock = self.clock
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.searchResult(query))
        }
        .cancellable(id: EffectCancelID.search, cancelInFlight: true)
      case let .searchResult(result):
        state.log.append("result: \(result)")
        return .none

      case let .load(value):
        let clock = self.clock
        return .run { send in
          try await withTaskCancellation(id: EffectCancelID.load, cancelInFlight: true) {
            try await clock.sleep(for: .seconds(1))
            await send(.loaded(value))
          }
        }
      case let .loaded(value):
        state.count = value
        return .none
      case .cancelLoad:
        return .cancel(id: EffectCancelID.load)

      case let .debouncedSearch(query):
        return .run { send in
          await send(.searchResult(query))
        }
        .debounce(id: EffectCancelID.debounce, for: .seconds(1), clock: self.clock)

      case .captureNumber:
        let clock = self.clock
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          // NB: Read after the sleep, when the store's dependencies may have changed.
          await send(.number(self.number))
        }
      case let .number(value):
        state.count = value
        return .none
      }
    }
  }
}

private enum EffectTestNumberKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var effectTestNumber: Int {
    get { self[EffectTestNumberKey.self] }
    set { self[EffectTestNumberKey.self] = newValue }
  }
}

@MainActor
struct EffectTests {
  @Test func noneDoesNothing() async {
    let store = Store(initialState: EffectFeature.State()) { EffectFeature() }
    let task = store.send(.none)
    #expect(task.isCancelled)  // NB: no effects were started
    #expect(store.state == EffectFeature.State())

    let testStore = TestStore(initialState: EffectFeature.State()) { EffectFeature() }
    await testStore.send(.none)
  }

  @Test func sendIsSynchronousAndOrdered() {
    let store = Store(initialState: EffectFeature.State()) { EffectFeature() }
    store.send(.sendChain)
    #expect(store.log == ["sendChain", "a", "b", "c"])
  }

  @Test func sendInTestStore() async {
    let store = TestStore(initialState: EffectFeature.State()) { EffectFeature() }
    await store.send(.sendChain) { $0.log = ["sendChain"] }
    await store.receive(.a) { $0.log.append("a") }
    await store.receive(.b) { $0.log.append("b") }
    await store.receive(.c) { $0.log.append("c") }
  }

  @Test func runWithSend() async {
    let store = TestStore(initialState: EffectFeature.State()) { EffectFeature() }
    await store.send(.runSend)
    await store.receive(.response(42)) { $0.count = 42 }
  }

  @Test func runWithSendInStore() async {
    let store = Store(initialState: EffectFeature.State()) { EffectFeature() }
    await store.send(.runSend).finish()
    #expect(store.count == 42)
  }

  @Test func runCatch() async {
    let store = TestStore(initialState: EffectFeature.State()) { EffectFeature() }
    await store.send(.runThrowsCaught)
    await store.receive(.failed("boom")) { $0.log = ["failed: boom"] }
  }

  @Test func runUnhandledErrorReportsIssue() async {
    let store = TestStore(initialState: EffectFeature.State()) { EffectFeature() }
    await withKnownIssue {
      await store.send(.runThrowsUncaught)
      await store.finish()
    } matching: { issue in
      issue.description.contains("threw an unhandled error")
        && issue.description.contains("uncaught")
    }
  }

  @Test func runUnhandledErrorReportsIssueInStore() async {
    let store = Store(initialState: EffectFeature.State()) { EffectFeature() }
    await withKnownIssue {
      await store.send(.runThrowsUncaught).finish()
    } matching: { issue in
      issue.description.contains("threw an unhandled error")
    }
  }

  @Test func mergeSends() {
    let store = Store(initialState: EffectFeature.State()) { EffectFeature() }
    store.send(.mergeSends)
    // NB: Actions are processed first in, first out: the ".c" that ".a" sends comes after the
    // ".b" and ".d" sent alongside ".a".
    #expect(store.log == ["a", "b", "d", "c"])
  }

  @Test func mergeSequenceAndMergeWith() {
    let store = Store(initialState: EffectFeature.State()) { EffectFeature() }
    store.send(.mergeSequence)
    #expect(store.log == ["b", "d", "c"])
  }

  @Test func mergeRunsConcurrently() async {
    let store = TestStore(initialState: EffectFeature.State()) { EffectFeature() }
    await store.send(.mergeRuns)
    await store.receive(.b) { $0.log = ["b"] }
    await store.receive(.a) { $0.log.append("a") }
    await store.receive(.c) { $0.log.append("c") }
  }

  @Test func concatenateRunsInOrder() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.concatenateInOrder)
    // NB: The second effect must wait for the first, which waits for the clock.
    await clock.advance(by: .seconds(1))
    await store.receive(.number(1)) { $0.count = 1 }
    await store.receive(.number(2)) { $0.count = 2 }
    await store.receive(.number(3)) { $0.count = 3 }
  }

  @Test func concatenateCancelledDoesNotRunLaterParts() async {
    let clock = SettlingTestClock()
    let events = LockIsolated<[String]>([])
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature(events: events)
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.concatenateCancellable)
    await store.send(.cancelConcatenation)
    await task.finish()
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(!events.value.contains("first finished"))
    #expect(!events.value.contains("second ran"))
  }

  @Test func concatenateNotCancelledRunsAllParts() async {
    let clock = SettlingTestClock()
    let events = LockIsolated<[String]>([])
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature(events: events)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.concatenateCancellable)
    await clock.advance(by: .seconds(1))
    await store.receive(.number(1)) { $0.count = 1 }
    await store.receive(.number(2)) { $0.count = 2 }
    await store.receive(.number(3)) { $0.count = 3 }
    #expect(events.value == ["first started", "first finished", "second ran"])
  }

  @Test func map() async {
    let store = TestStore(initialState: EffectFeature.State()) { EffectFeature() }
    await store.send(.mapped)
    await store.receive(.response(7)) { $0.count = 7 }
    await store.receive(.searchResult("8")) { $0.log = ["result: 8"] }
  }

  @Test func cancellableAndCancel() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.stopTimer)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancelInFlight() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.search("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.search("ab"))
    await clock.advance(by: .milliseconds(500))
    // NB: The first search would have finished by now, had it not been cancelled.
    await clock.advance(by: .milliseconds(500))
    await store.receive(.searchResult("ab")) { $0.log = ["result: ab"] }
    await store.finish()
  }

  @Test func withTaskCancellationCancelInFlight() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.load(1))
    await clock.advance(by: .milliseconds(500))
    await store.send(.load(2))
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(2)) { $0.count = 2 }
    await store.finish()
  }

  @Test func withTaskCancellationCancelledByReducer() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.load(1))
    await store.send(.cancelLoad)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func taskCancelFromEffect() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await store.send(.cancelTimerFromEffect).finish()
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func dependenciesCapturedByEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.effectTestNumber = 1
    }
    await store.send(.captureNumber)
    // NB: Effects already started keep the dependencies they were made with.
    store.dependencies.effectTestNumber = 2
    await clock.advance(by: .seconds(1))
    await store.receive(.number(1)) { $0.count = 1 }

    await store.send(.captureNumber)
    await clock.advance(by: .seconds(1))
    await store.receive(.number(2)) { $0.count = 2 }
  }

  @Test func debounce() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: EffectFeature.State()) {
      EffectFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.debouncedSearch("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.debouncedSearch("ab"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.debouncedSearch("abc"))
    await clock.advance(by: .seconds(1))
    await store.receive(.searchResult("abc")) { $0.log = ["result: abc"] }
    await store.finish()
  }
}
