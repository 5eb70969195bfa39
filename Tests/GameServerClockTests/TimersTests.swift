import ComposableArchitecture
import Testing

@testable import GameServerClock

/// The clock's deadlines: those that come in order join a queue, the others a heap; either
/// way they come out in deadline order, and cancelled ones never.
struct TimersTests {
  private let start = ContinuousClock.now

  private func at(_ seconds: Int) -> ContinuousClock.Instant {
    self.start.advanced(by: .seconds(seconds))
  }

  /// Schedules a call at each deadline (seconds after `start`) that records its name when made.
  private func schedule(
    _ deadlines: [(name: String, seconds: Int)], in timers: inout Timers, made: LockIsolated<[String]>
  ) -> [String: UInt64] {
    var ids: [String: UInt64] = [:]
    for (name, seconds) in deadlines {
      ids[name] = timers.schedule(deadline: self.at(seconds)) { made.withValue { $0.append(name) } }.id
    }
    return ids
  }

  private func popAll(_ timers: inout Timers, until seconds: Int, made: LockIsolated<[String]>) -> [String] {
    for call in timers.popDue(at: self.at(seconds)).calls { call() }
    return made.value
  }

  @Test func deadlinesInAndOutOfOrderComeOutInOrder() {
    var timers = Timers()
    let made = LockIsolated<[String]>([])
    _ = self.schedule(
      [("a", 10), ("b", 20), ("early", 5), ("c", 30), ("between", 25), ("d", 30), ("first", 1)],
      in: &timers, made: made)
    #expect(timers.earliest() == self.at(1))
    #expect(self.popAll(&timers, until: 20, made: made) == ["first", "early", "a", "b"])
    #expect(timers.earliest() == self.at(25))
    #expect(self.popAll(&timers, until: 100, made: made) == ["first", "early", "a", "b", "between", "c", "d"])
    #expect(timers.earliest() == nil)
  }

  @Test func cancelledDeadlinesNeverComeOutAndDoNotPileUp() {
    var timers = Timers()
    let made = LockIsolated<[String]>([])
    // A move clock re-armed 1,000 times: each new deadline later, the previous one cancelled.
    var previous: UInt64?
    for seconds in 1...1_000 {
      if let previous { _ = timers.cancel(previous) }
      previous = self.schedule([("move \(seconds)", 1_000 + seconds)], in: &timers, made: made)["move \(seconds)"]
    }
    let early = self.schedule([("grace", 500)], in: &timers, made: made)
    #expect(timers.count == 2)
    #expect(timers.earliest() == self.at(500))
    _ = timers.cancel(early["grace"]!)
    #expect(timers.earliest() == self.at(2_000))
    #expect(self.popAll(&timers, until: 3_000, made: made) == ["move 1000"])
  }
}
