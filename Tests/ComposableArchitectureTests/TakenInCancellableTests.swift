import Synchronization
import Testing

@testable import ComposableArchitecture

/// A delayed send made for a `.cancellable(id:cancelInFlight: true)` call takes the id into its
/// own box; every reader of the effect sees it as the effect it stands for.
@MainActor
struct TakenInCancellableTests {
  private enum CancelID { case timer, outer }
  private enum Action: Equatable {
    case fired(Int)
    case other
  }

  private let timerID = EffectID(ErasedID(CancelID.timer))

  private func isWrapped(_ effect: Effect<Action>) -> Bool {
    if case .cancellable = effect.operation { return true }
    return false
  }

  @Test func aDelayedSendMadeForTheCallTakesTheIdIn() {
    let effect = Effect<Action>.send(.fired(1), after: .seconds(1), clock: SettlingTestClock())
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    #expect(!self.isWrapped(effect))
    #expect(effect.takenInCancellable == self.timerID)
  }

  @Test func aDelayedSendHeldElsewhereIsWrappedAndLeftAsItWas() throws {
    let timer = Effect<Action>.send(.fired(1), after: .seconds(1), clock: SettlingTestClock())
    let cancellable = timer.cancellable(id: CancelID.timer, cancelInFlight: true)
    #expect(timer.takenInCancellable == nil)
    try #require(self.isWrapped(cancellable))
    #expect(cancellable.cancellableParts.effect.takenInCancellable == nil)
  }

  @Test func onlyAnIdThatCancelsInFlightIsTakenIn() {
    let effect = Effect<Action>.send(.fired(1), after: .seconds(1), clock: SettlingTestClock())
      .cancellable(id: CancelID.timer)
    #expect(self.isWrapped(effect))
  }

  @Test func aSecondIdIsWrappedAroundTheFirst() throws {
    let effect = Effect<Action>.send(.fired(1), after: .seconds(1), clock: SettlingTestClock())
      .cancellable(id: CancelID.timer, cancelInFlight: true)
      .cancellable(id: CancelID.outer, cancelInFlight: true)
    try #require(self.isWrapped(effect))
    let (id, _, inner) = effect.cancellableParts
    #expect(id == EffectID(ErasedID(CancelID.outer)))
    #expect(inner.takenInCancellable == self.timerID)
  }

  @Test func rebuiltAndRewrittenEffectsKeepTheId() throws {
    let effect = Effect<Action>.send(.fired(1), after: .seconds(1), clock: SettlingTestClock())
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    // A mapping rebuilt node by node (a mapped concatenation, a materialized child effect).
    #expect(effect.rebuiltMap { [$0] }.takenInCancellable == self.timerID)
    // Runs rewritten (a presented child's): the `.run` it stands for, inside the id.
    let rewritten = effect.transformingRuns { $0 }
    try #require(self.isWrapped(rewritten))
    let (id, cancelInFlight, inner) = rewritten.cancellableParts
    #expect(id == self.timerID)
    #expect(cancelInFlight)
    guard case .run = inner.operation else {
      Issue.record("Expected the timer's .run inside the id, got \(inner.operation)")
      return
    }
  }

  /// Starts a timer then a send, one after the other, on `.fired(0)`; `.other` cancels the timer.
  private func concatenation(clock: any Clock<Duration>) -> some Reducer<[Int], Action> {
    Reduce<[Int], Action> { state, action in
      switch action {
      case .other:
        return .cancel(id: CancelID.timer)
      case let .fired(number):
        state.append(number)
        guard number == 0 else { return .none }
        return .concatenate(
          .send(.fired(1), after: .seconds(1), clock: clock)
            .cancellable(id: CancelID.timer, cancelInFlight: true),
          .send(.fired(2))
        )
      }
    }
  }

  @Test func aTestStoreCancelsATimerInAConcatenationByItsId() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: [Int]()) { self.concatenation(clock: clock) }
    await store.send(.fired(0)) { $0 = [0] }
    // NB: The test store sees the timer as the `.run` it stands for, inside its id: cancelled,
    //     it never sends, and the part after it runs at once.
    await store.send(.other)
    await store.receive(.fired(2)) { $0 = [0, 2] }
    await clock.advance(by: .seconds(2))
  }

  @Test func aLiveStoreCancelsATimerInAConcatenationByItsId() async {
    let clock = ParkingClock()
    let store = Store(initialState: [Int]()) { self.concatenation(clock: clock) }
    let started = store.send(.fired(0))
    // NB: The concatenation runs in a task: its timer is filed under the id once it sleeps.
    for await _ in clock.sleepsStarted { break }
    store.send(.other)
    #expect(clock.endAll() == 0, "the cancel did not reach the timer")
    await started.finish()
    #expect(store.withState { $0 } == [0, 2])
  }
}

/// A clock whose sleeps last until they are cancelled or ended by the test, and which says
/// when each one starts.
private final class ParkingClock: Clock, @unchecked Sendable {
  typealias Duration = Swift.Duration
  typealias Instant = ContinuousClock.Instant

  let (sleepsStarted, started) = AsyncStream<Void>.makeStream()
  private let parked = Mutex<[Int: CheckedContinuation<Void, any Error>]>([:])
  private let nextID = Mutex(0)

  var now: Instant { ContinuousClock.now }
  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = self.nextID.withLock {
      $0 += 1
      return $0
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        self.parked.withLock { $0[id] = continuation }
        self.started.yield()
      }
    } onCancel: {
      self.parked.withLock { $0.removeValue(forKey: id) }?.resume(throwing: CancellationError())
    }
  }

  /// Ends every sleep still parked; how many there were.
  func endAll() -> Int {
    let all = self.parked.withLock { parked in
      defer { parked.removeAll() }
      return Array(parked.values)
    }
    for continuation in all { continuation.resume() }
    return all.count
  }
}
