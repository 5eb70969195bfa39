import Foundation
import GameServerAuthentication
import Synchronization
import Testing

struct HashingPoolTests {
  /// Work past the pool's capacity is refused at once, and the pool takes work again once some
  /// is done.
  @Test func workPastTheCapacityIsRefusedAtOnce() async throws {
    let pool = HashingPool(workers: 1, capacity: 2)
    // NB: Blocks only the pool's own thread, never a task's.
    let release = DispatchSemaphore(value: 0)
    let first = Task {
      try await pool.run { () -> Int in
        release.wait()
        return 1
      }
    }
    let second = Task {
      try await pool.run { () -> Int in
        release.wait()
        return 2
      }
    }
    while pool.load < 2 { await Task.yield() }
    // The first holds the only worker and the second waits: a third is refused at once.
    await #expect(throws: PasswordHasherError.busy) {
      try await pool.run { 3 }
    }
    release.signal()
    release.signal()
    #expect(try await first.value + second.value == 3)
    #expect(pool.load == 0)
    #expect(try await pool.run { 4 } == 4)
  }

  /// At most `workers` run at once, however many are admitted.
  @Test func atMostTheWorkersRunAtOnce() async throws {
    let pool = HashingPool(workers: 2, capacity: 8)
    let running = Running()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          try await pool.run {
            running.count.withLock {
              $0.now += 1
              $0.most = max($0.most, $0.now)
            }
            usleep(20_000)
            running.count.withLock { $0.now -= 1 }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect((1...2).contains(running.count.withLock { $0.most }))
  }
}

/// How many run now, and the most that ran at once.
final class Running: Sendable {
  let count = Mutex((now: 0, most: 0))
}
