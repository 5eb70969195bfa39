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

  @Test func aMovedCallComesOutAtItsNewDeadlineOnly() {
    var timers = Timers()
    let made = LockIsolated<[String]>([])
    let ids = self.schedule([("a", 10), ("b", 20)], in: &timers, made: made)
    #expect(timers.reschedule(ids["a"]!, to: self.at(30)) != nil)
    #expect(timers.earliest() == self.at(20))
    #expect(self.popAll(&timers, until: 25, made: made) == ["b"])
    #expect(timers.earliest() == self.at(30))
    #expect(self.popAll(&timers, until: 40, made: made) == ["b", "a"])
    // Made, or cancelled: there is nothing left to move.
    #expect(timers.reschedule(ids["a"]!, to: self.at(50)) == nil)
    let c = self.schedule([("c", 60)], in: &timers, made: made)["c"]!
    _ = timers.cancel(c)
    #expect(timers.reschedule(c, to: self.at(70)) == nil)
    #expect(timers.earliest() == nil)
  }

  @Test func movedCallsDoNotPileUp() {
    var timers = Timers()
    let made = LockIsolated<[String]>([])
    let ids = self.schedule([("move", 1)], in: &timers, made: made)
    for seconds in 2...1_000 {
      _ = timers.reschedule(ids["move"]!, to: self.at(seconds))
    }
    #expect(timers.count == 1)
    #expect(timers.entryCount <= 64)
    #expect(self.popAll(&timers, until: 999, made: made) == [])
    #expect(self.popAll(&timers, until: 1_000, made: made) == ["move"])
  }

  @Test func theTimerThreadIsWokenOnlyForADeadlineEarlierThanItPlanned() {
    var timers = Timers()
    // It waits with no deadline: any deadline wakes it.
    let first = timers.schedule(deadline: self.at(10)) {}
    #expect(first.wakesTimerThread)
    #expect(timers.planWake() == self.at(10))
    let later = timers.schedule(deadline: self.at(20)) {}
    #expect(!later.wakesTimerThread)
    #expect(timers.schedule(deadline: self.at(5)) {}.wakesTimerThread)
    #expect(timers.reschedule(later.id, to: self.at(1)) == true)
    #expect(timers.reschedule(later.id, to: self.at(50)) == false)
    // What it planned stays until it plans again, even once the earliest is gone.
    _ = timers.cancel(first.id)
    #expect(timers.planWake() == self.at(5))
    #expect(timers.schedule(deadline: self.at(7)) {}.wakesTimerThread == false)
    #expect(timers.schedule(deadline: self.at(3)) {}.wakesTimerThread)
  }

  @Test func deadlinesBeforeTheTimersWereMadeKeepTheirOrderAndInstant() {
    // NB: Deadlines are kept as durations from when the timers were made; these come before it.
    let past = ContinuousClock.now.advanced(by: .seconds(-100))
    var timers = Timers()
    let made = LockIsolated<[String]>([])
    _ = timers.schedule(deadline: past.advanced(by: .seconds(2))) { made.withValue { $0.append("later") } }
    _ = timers.schedule(deadline: past) { made.withValue { $0.append("earlier") } }
    #expect(timers.earliest() == past)
    #expect(timers.planWake() == past)
    for call in timers.popDue(at: past.advanced(by: .seconds(1))).calls { call() }
    #expect(made.value == ["earlier"])
    #expect(timers.earliest() == past.advanced(by: .seconds(2)))
  }
}
