import Testing

@testable import ComposableArchitecture

/// The store's cache of which clocks can schedule: it gives back the very clock it was given,
/// of whatever type, and says no for a clock that cannot schedule.
struct SchedulingClockCacheTests {
  @Test func givesBackTheClockItWasGivenAsTheTypesChange() {
    var cache = SchedulingClockCache()
    let first = ManualSchedulingClock()
    let second = ManualSchedulingClock()
    #expect(cache.scheduling(first) === first)
    // The same type: opened without a look-up, and still this instance, not the first.
    #expect(cache.scheduling(second) === second)
    #expect(cache.scheduling(ContinuousClock()) == nil)
    #expect(cache.scheduling(SettlingTestClock()) == nil)
    #expect(cache.scheduling(first) === first)
    let other = OtherSchedulingClock()
    #expect(cache.scheduling(other) === other)
    #expect(cache.scheduling(second) === second)
  }
}

/// A second scheduling clock type, that never calls back.
private final class OtherSchedulingClock: Clock, SchedulingClock {
  typealias Duration = Swift.Duration
  typealias Instant = ContinuousClock.Instant

  var now: Instant { ContinuousClock.now }
  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await Task.never()
  }

  func schedule(after duration: Duration, _ fire: @escaping @Sendable () -> Void) -> UInt64 { 0 }

  func cancelScheduled(_ id: UInt64) {}
}
