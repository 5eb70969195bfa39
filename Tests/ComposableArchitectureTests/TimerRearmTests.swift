import ComposableArchitecture
import Synchronization
import Testing

/// A timer re-armed under the same ids on a clock that can move its calls is moved, not
/// replaced: the clock schedules once, and the send that armed it before sees its arming
/// cancelled, exactly as when the timer is replaced.
@MainActor
struct TimerRearmTests {
  private func makeStore(_ clock: ManualSchedulingClock) -> StoreOf<MoveClock> {
    Store(initialState: MoveClock.State()) {
      MoveClock()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aReArmMovesTheTimerAndEndsTheEarlierArming() async {
    let clock = ManualSchedulingClock(movesEntries: true)
    let store = self.makeStore(clock)
    let first = store.send(.arm)
    let second = store.send(.arm)
    #expect(clock.pending == [1])
    #expect(clock.timers.withLock { ($0.schedules, $0.moves) } == (1, 1))
    // The first send's timer was replaced: its task is cancelled and over.
    await first.finish()
    #expect(first.isCancelled)
    #expect(!second.isCancelled)
    #expect(first != second)
    // Cancelling the first send's task now leaves the re-armed timer alone.
    first.cancel()
    #expect(clock.pending == [1])
    clock.fireAll()
    await second.finish()
    #expect(store.expired == [2])
    #expect(!second.isCancelled)
  }

  @Test func theReArmedTimerIsCancelledByItsIdAndByItsSendsTask() async {
    let clock = ManualSchedulingClock(movesEntries: true)
    let store = self.makeStore(clock)
    store.send(.arm)
    let second = store.send(.arm)
    store.send(.disarm)
    #expect(clock.pending.isEmpty)
    await second.finish()
    #expect(second.isCancelled)
    store.send(.arm)
    let fourth = store.send(.arm)
    fourth.cancel()
    #expect(clock.pending.isEmpty)
    // A timer cancelled by its task is not moved again: the next arm schedules anew.
    let fifth = store.send(.arm)
    #expect(clock.pending == [3])
    clock.fireAll()
    await fifth.finish()
    #expect(store.expired == [5])
  }

  @Test func aTimerTheClockAlreadyTookIsReplacedAndNeverSends() async {
    let clock = ManualSchedulingClock(movesEntries: true)
    // NB: On a store executor the fired timers' deliveries run in the order they were fired.
    let actor = StoreActor(executor: StoreExecutor(name: "timer-rearm-tests"))
    let (expired, moves) = await actor.run { _ in
      let store = Store(initialState: MoveClock.State()) {
        MoveClock()
      } withDependencies: {
        $0.continuousClock = clock
      }
      let first = store.send(.arm)
      // The clock's thread has found the first timer due, but not yet made its call.
      clock.take(1)
      let second = store.send(.arm)
      #expect(clock.pending == [2])
      clock.makeTaken(1)
      await first.finish()
      #expect(first.isCancelled)
      clock.fireAll()
      await second.finish()
      return (store.withState(\.expired), clock.timers.withLock(\.moves))
    }
    #expect(expired == [2])
    #expect(moves == 0)
  }

  @Test func otherWorkUnderTheIdIsCancelledAndTheTimerReplaced() async {
    let clock = ManualSchedulingClock(movesEntries: true)
    let store = self.makeStore(clock)
    store.send(.arm)
    let fetch = store.send(.armWithFetch)
    store.send(.arm)
    await fetch.finish()
    #expect(fetch.isCancelled)
    #expect(clock.pending == [2])
    #expect(clock.timers.withLock(\.moves) == 0)
  }

  @Test func aTimerReArmedUnderOtherIdsIsFiledUnderTheNewOnes() async {
    let clock = ManualSchedulingClock(movesEntries: true)
    let store = self.makeStore(clock)
    store.send(.arm)
    store.send(.armInGroup)
    store.send(.cancelGroup)
    #expect(clock.pending.isEmpty)
    store.send(.armInGroup)
    let outside = store.send(.arm)
    store.send(.cancelGroup)
    #expect(clock.pending.count == 1)
    clock.fireAll()
    await outside.finish()
    #expect(store.expired == [4])
  }
}
