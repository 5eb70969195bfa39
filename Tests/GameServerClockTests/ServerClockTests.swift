import ComposableArchitecture
import GameServerClock
import Testing

struct ServerClockTests {
  let clock = ServerClock()

  @Test func aScheduledCallIsMadeAtItsDeadlineAndACancelledOneNever() async {
    let start = ContinuousClock.now
    let cancelled = self.clock.schedule(after: .milliseconds(10)) {
      Issue.record("A cancelled call was made.")
    }
    self.clock.cancelScheduled(cancelled)
    let firedAt = await withCheckedContinuation { continuation in
      _ = self.clock.schedule(after: .milliseconds(30)) { continuation.resume(returning: ContinuousClock.now) }
    }
    #expect(firedAt - start >= .milliseconds(30))
    #expect(self.clock.pendingCount == 0)
  }

  @Test func aMovedCallIsMadeAtItsNewDeadline() async {
    let start = ContinuousClock.now
    let firedAt = await withCheckedContinuation { continuation in
      let id = self.clock.schedule(after: .seconds(3_600)) { continuation.resume(returning: ContinuousClock.now) }
      // Earlier than the timer thread planned to wake: it must be woken for it.
      #expect(self.clock.reschedule(id, after: .milliseconds(20)) == id)
    }
    #expect(firedAt - start >= .milliseconds(20))
    #expect(self.clock.pendingCount == 0)
  }

  @Test func sleepsUntilTheDeadline() async throws {
    let start = ContinuousClock.now
    try await self.clock.sleep(for: .milliseconds(20))
    #expect(ContinuousClock.now - start >= .milliseconds(20))
    #expect(self.clock.pendingCount == 0)
  }

  @Test func wakesSleepersInDeadlineOrder() async throws {
    let order = try await withThrowingTaskGroup(of: Int.self) { group in
      for (index, milliseconds) in [60, 20, 40].enumerated() {
        group.addTask {
          try await self.clock.sleep(for: .milliseconds(milliseconds))
          return index
        }
      }
      var order: [Int] = []
      for try await index in group { order.append(index) }
      return order
    }
    #expect(order == [1, 2, 0])
  }

  @Test func anEarlierSleepIsNotHeldUpByALaterOne() async throws {
    let long = Task { try await self.clock.sleep(for: .seconds(3_600)) }
    let start = ContinuousClock.now
    try await self.clock.sleep(for: .milliseconds(10))
    #expect(ContinuousClock.now - start < .seconds(60))
    long.cancel()
    await #expect(throws: CancellationError.self) { try await long.value }
  }

  @Test func cancellingResumesAtOnceAndForgetsTheSleep() async throws {
    let sleepers = (0..<200).map { _ in Task { try await self.clock.sleep(for: .seconds(3_600)) } }
    for sleeper in sleepers { sleeper.cancel() }
    for sleeper in sleepers {
      await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
    #expect(self.clock.pendingCount == 0)
  }

  @Test func aSleepCancelledBeforeItStartsThrows() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await self.clock.sleep(for: .seconds(3_600))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(self.clock.pendingCount == 0)
  }
}
