import ComposableArchitecture
import Synchronization
import Testing

/// A ``SchedulingClock`` whose calls a test makes itself (here and in `MappedEffectTests`); its
/// sleeps are counted, so a test can tell that a store used no task.
///
/// One made with `movesEntries` can also move a call (``reschedule(_:after:)``), as the
/// server's clock does; the others make the store cancel and schedule anew.
final class ManualSchedulingClock: Clock, SchedulingClock, @unchecked Sendable {
  typealias Duration = Swift.Duration
  typealias Instant = ContinuousClock.Instant

  struct Timers {
    var next: UInt64 = 0
    var scheduled: [UInt64: @Sendable () -> Void] = [:]
    var cancelled: [UInt64: @Sendable () -> Void] = [:]
    /// Calls taken out to be made, as a clock thread takes a due call before making it.
    var taken: [UInt64: @Sendable () -> Void] = [:]
    var sleeps = 0
    var schedules = 0
    var moves = 0
  }

  let timers = Mutex(Timers())
  let movesEntries: Bool

  init(movesEntries: Bool = false) {
    self.movesEntries = movesEntries
  }

  var now: Instant { ContinuousClock.now }
  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    self.timers.withLock { $0.sleeps += 1 }
    try await Task.never()
  }

  func schedule(after duration: Duration, _ fire: @escaping @Sendable () -> Void) -> UInt64 {
    self.timers.withLock { timers in
      timers.next += 1
      timers.schedules += 1
      timers.scheduled[timers.next] = fire
      return timers.next
    }
  }

  func reschedule(_ id: UInt64, after duration: Duration) -> UInt64? {
    guard self.movesEntries else { return nil }
    return self.timers.withLock { timers in
      guard timers.scheduled[id] != nil else { return nil }
      timers.moves += 1
      return id
    }
  }

  /// Takes a pending call out, to be made later with ``makeTaken(_:)``: the clock's thread has
  /// found it due.
  func take(_ id: UInt64) {
    self.timers.withLock { timers in
      timers.taken[id] = timers.scheduled.removeValue(forKey: id)
    }
  }

  func makeTaken(_ id: UInt64) {
    self.timers.withLock { $0.taken.removeValue(forKey: id) }?()
  }

  func cancelScheduled(_ id: UInt64) {
    self.timers.withLock { timers in
      timers.cancelled[id] = timers.scheduled.removeValue(forKey: id)
    }
  }

  var pending: [UInt64] { self.timers.withLock { $0.scheduled.keys.sorted() } }

  /// Makes every pending call, as the clock's thread would at their deadline.
  func fireAll() {
    let calls = self.timers.withLock { timers in
      defer { timers.scheduled = [:] }
      return Array(timers.scheduled.values)
    }
    for call in calls { call() }
  }

  /// Makes a call that was cancelled: what a clock thread that had already taken it does.
  func fireLate(_ id: UInt64) {
    self.timers.withLock { $0.cancelled[id] }?()
  }
}

@MainActor
struct DelayedSendTests {
  @Test func aTestStoreSeesItAsASleepThenASend() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: MoveClock.State()) {
      MoveClock()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.arm) { $0.armed = 1 }
    await clock.advance(by: .seconds(29))
    // Re-armed: the first timer is cancelled and a new one counts 30 s from here.
    await store.send(.arm) { $0.armed = 2 }
    await clock.advance(by: .seconds(29))
    await clock.advance(by: .seconds(1))
    await store.receive(.expired(2)) { $0.expired = [2] }
    await store.send(.arm) { $0.armed = 3 }
    await store.send(.disarm)
    await clock.advance(by: .seconds(60))
  }

  @Test func aLiveStoreArmsTheClockWithNoTaskAndCancelsItOnReArm() async {
    let clock = ManualSchedulingClock()
    let store = Store(initialState: MoveClock.State()) {
      MoveClock()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.arm)
    #expect(clock.pending == [1])
    let rearmed = store.send(.arm)
    // The first entry left the clock when the timer was re-armed.
    #expect(clock.pending == [2])
    clock.fireAll()
    await rearmed.finish()
    #expect(store.expired == [2])
    #expect(!rearmed.isCancelled)
    #expect(clock.timers.withLock { $0.sleeps } == 0)
  }

  @Test func aTimerCancelledByTheReducerNeverSendsEvenIfTheClockAlreadyFiredIt() async {
    let clock = ManualSchedulingClock()
    // NB: On a store executor the fired timers' deliveries run in the order they were fired.
    let actor = StoreActor(executor: StoreExecutor(name: "delayed-send-tests"))
    let (expired, wasCancelled) = await actor.run { _ in
      let store = Store(initialState: MoveClock.State()) {
        MoveClock()
      } withDependencies: {
        $0.continuousClock = clock
      }
      let armed = store.send(.arm)
      store.send(.disarm)
      #expect(clock.pending.isEmpty)
      // The clock's thread had taken the first timer before the reducer cancelled it.
      clock.fireLate(1)
      let again = store.send(.arm)
      clock.fireAll()
      await again.finish()
      return (store.withState(\.expired), armed.isCancelled)
    }
    #expect(expired == [2])
    #expect(wasCancelled)
  }

  @Test func cancellingTheSendsTaskTakesTheTimerOut() async {
    let clock = ManualSchedulingClock()
    let store = Store(initialState: MoveClock.State()) {
      MoveClock()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let armed = store.send(.arm)
    armed.cancel()
    #expect(clock.pending.isEmpty)
    await armed.finish()
    #expect(armed.isCancelled)
    // The id is free again: a new timer under it is armed and fires.
    let again = store.send(.arm)
    #expect(clock.pending == [2])
    clock.fireAll()
    await again.finish()
    #expect(store.expired == [2])
  }

  @Test func aClockThatCannotScheduleSleepsInATask() async {
    let clock = ContinuousClock()
    let store = Store(initialState: MoveClock.State()) {
      MoveClock()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let armed = store.send(.arm)
    #expect(!armed.isCancelled)
    store.send(.disarm)
    await armed.finish()
    #expect(armed.isCancelled)
    #expect(store.expired.isEmpty)
  }
}
