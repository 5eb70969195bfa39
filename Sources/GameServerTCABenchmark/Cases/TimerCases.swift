import ComposableArchitecture
import GameServerClock
import Synchronization

/// `.rearm` to a random one of 1,000 rows: the row's sleeping timer effect is cancelled and a
/// new one started. Each iteration sends, then yields so that the new effect reaches its sleep
/// and the cancelled one ends, on a store living on a ``StoreActor``.
func timerRearmCase(_ settings: Settings) async -> CaseResult {
  let executor = StoreExecutor(name: "bench")
  let actor = StoreActor(executor: executor)
  let ids = randomIDs(count: 1_000)
  let measurement = await actor.run { _ in
    let store = Store(initialState: TimerRows.State(count: 1_000)) {
      TimerRows()
    } withDependencies: {
      $0.continuousClock = SuspendingUntilCancelledClock()
    }
    var index = 0
    let measurement = await measure(settings) { n in
      for _ in 0..<n {
        store.send(.rows(.element(id: ids[index & 0xFFFF], action: .rearm)))
        index &+= 1
        await Task.yield()
      }
    }
    blackHole(store.withState { $0.rows[0].armed })
    return measurement
  }
  return CaseResult(name: "timer re-armed in 1 of 1k rows", measurement: measurement)
}

/// The same re-arm with `Effect.send(_:after:clock:)` on a ``ServerClock``: a heap entry in the
/// clock instead of a task. Nothing is left to yield for: the send does all the work.
func scheduledTimerRearmCase(_ settings: Settings) async -> CaseResult {
  let executor = StoreExecutor(name: "bench")
  let actor = StoreActor(executor: executor)
  let ids = randomIDs(count: 1_000)
  let clock = ServerClock()
  let measurement = await actor.run { _ in
    let store = Store(initialState: TimerRows.State(count: 1_000)) {
      TimerRows()
    } withDependencies: {
      $0.continuousClock = clock
    }
    var index = 0
    let measurement = measure(settings) { n in
      for _ in 0..<n {
        store.send(.rows(.element(id: ids[index & 0xFFFF], action: .rearmScheduled)))
        index &+= 1
      }
    }
    blackHole(store.withState { $0.rows[0].armed })
    return measurement
  }
  return CaseResult(
    name: "timer re-armed in 1 of 1k rows, send(after:)", measurement: measurement,
    targets: [.timesRootSend(130)])
}

/// A clock whose sleeps end only when cancelled: the cost of a timer without a timer.
struct SuspendingUntilCancelledClock: Clock {
  typealias Duration = Swift.Duration
  typealias Instant = ContinuousClock.Instant

  var now: Instant { ContinuousClock.now }
  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let sleeper = Sleeper()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        sleeper.park(continuation)
      }
    } onCancel: {
      sleeper.cancel()
    }
  }
}

/// One sleep's continuation, resumed with `CancellationError` when its task is cancelled, even
/// if that happens before it parks.
private final class Sleeper: Sendable {
  private enum State {
    case idle
    case parked(CheckedContinuation<Void, any Error>)
    case cancelled
  }

  private let state = Mutex(State.idle)

  func park(_ continuation: CheckedContinuation<Void, any Error>) {
    let cancelled = self.state.withLock { state -> Bool in
      if case .cancelled = state { return true }
      state = .parked(continuation)
      return false
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
  }

  func cancel() {
    let parked = self.state.withLock { state -> CheckedContinuation<Void, any Error>? in
      defer { state = .cancelled }
      if case let .parked(continuation) = state { return continuation }
      return nil
    }
    parked?.resume(throwing: CancellationError())
  }
}
