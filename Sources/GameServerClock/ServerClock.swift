import ComposableArchitecture
import Foundation
import HeapModule
import Synchronization

/// A continuous clock for a server's many short-lived timers (move clocks, grace periods, bot
/// delays): a sleep is an entry in one heap served by one timer thread, instead of a Dispatch
/// timer, and cancelling a sleep resumes the sleeper at once on the cancelling thread.
///
/// A game re-arms its move clock on every move; with this clock that costs a heap insert and
/// no thread hop, since the cancelled sleeper resumes on the executor it prefers. Only timers
/// that fire cross from the timer thread.
///
/// ```swift
/// let clock = ServerClock()
/// withDependencies { $0.continuousClock = clock } operation: { ... }
/// ```
public final class ServerClock: Clock, Sendable {
  public typealias Instant = ContinuousClock.Instant

  private let timers = Mutex(Timers())
  private let condition = NSCondition()

  public init() {
    // NB: The thread holds the clock for as long as the process runs: one per server.
    let thread = Thread { [self] in
      nameCurrentThread("timers")
      self.serveTimers()
    }
    thread.name = "timers"
    thread.start()
  }

  public var now: Instant { ContinuousClock.now }

  public var minimumResolution: Duration { ContinuousClock().minimumResolution }

  /// How many sleeps are waiting.
  public var pendingCount: Int { self.timers.withLock { $0.count } }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = self.timers.withLock { $0.makeID() }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let registered = self.timers.withLock { $0.register(id, deadline: deadline, continuation) }
        switch registered {
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .waiting(let wakesTimerThread):
          self.wakeTimerThread(if: wakesTimerThread)
        }
      }
    } onCancel: {
      self.timers.withLock { $0.cancel(id) }?.resume(throwing: CancellationError())
    }
  }

  private func wakeTimerThread(if wakesTimerThread: Bool) {
    if wakesTimerThread { self.condition.withLock { self.condition.signal() } }
  }

  private func serveTimers() {
    while true {
      let due = self.timers.withLock { $0.popDue(at: ContinuousClock.now) }
      for continuation in due.sleepers { continuation.resume() }
      for call in due.calls { call() }
      guard due.isEmpty else { continue }
      self.condition.withLock {
        // NB: A deadline earlier than the wake planned here signals under this lock, so
        // planning while holding it misses none.
        guard let earliest = self.timers.withLock({ $0.planWake() }) else {
          self.condition.wait()
          return
        }
        let wait = ContinuousClock.now.duration(to: earliest)
        guard wait > .zero else { return }
        _ = self.condition.wait(until: Date(timeIntervalSinceNow: Self.seconds(wait)))
      }
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

extension ServerClock: SchedulingClock {
  /// Calls `fire` from the timer thread once `duration` has passed: an entry in the heap, no
  /// task. What `Effect.send(_:after:clock:)` arms in a live store.
  public func schedule(after duration: Duration, _ fire: @escaping @Sendable () -> Void) -> UInt64 {
    let deadline = ContinuousClock.now.advanced(by: duration)
    let (id, wakesTimerThread) = self.timers.withLock { $0.schedule(deadline: deadline, fire) }
    self.wakeTimerThread(if: wakesTimerThread)
    return id
  }

  public func cancelScheduled(_ id: UInt64) {
    _ = self.timers.withLock { $0.cancel(id) }
  }

  /// Moves a scheduled call to `duration` from now under one lock, keeping its `fire`: a move
  /// clock re-armed on every move allocates nothing here.
  public func reschedule(_ id: UInt64, after duration: Duration) -> UInt64? {
    let deadline = ContinuousClock.now.advanced(by: duration)
    guard let wakesTimerThread = self.timers.withLock({ $0.reschedule(id, to: deadline) }) else { return nil }
    self.wakeTimerThread(if: wakesTimerThread)
    return id
  }
}
