import Dispatch
import Foundation
import Synchronization

/// The executor a test store's effects run on: its own, serial, on the main queue.
///
/// The test store drains it at once after each `send` and `receive` (so effects reach their
/// first suspension, a clock's sleep, before the step returns), ``SettlingTestClock`` drains every live
/// store's executor around each sleep it ends, and whenever a job arrives while nobody drains it
/// (an effect woken by work on another thread) it is drained from the main queue. So a store's
/// effects run in a fixed order relative to the test, however many other tests run at once and
/// however busy the machine is, with no process-wide hook: each test store has its own.
///
/// ```swift
/// let effects = TestEffectsExecutor.make()
/// let store = Store(..., effectsExecutor: effects, isolation: MainActor.shared)
/// store.send(.start)
/// effects.runPending()   // the effect has reached its sleep
/// ```
enum TestEffectsExecutor {
  /// The executors of the test stores alive now.
  private static let live = Mutex<[ObjectIdentifier: StoreExecutor]>([:])

  /// A new executor, drained from the main queue when jobs arrive while it is idle.
  ///
  /// It lives for as long as the process: an effect of a test store that is gone may still
  /// finish (a cancelled task returning), and must find its executor.
  static func make() -> StoreExecutor {
    let drainer = Drainer()
    let executor = StoreExecutor(wakingWith: { drainer.schedule() }, drainsOnAnyThread: true)
    drainer.executor = executor
    return executor
  }

  /// Counts `executor` among the live ones that ``settle()`` drains.
  static func register(_ executor: StoreExecutor) {
    Self.live.withLock { $0[ObjectIdentifier(executor)] = executor }
  }

  /// Stops counting `executor` among the live ones.
  static func unregister(_ executor: StoreExecutor) {
    _ = Self.live.withLock { $0.removeValue(forKey: ObjectIdentifier(executor)) }
  }

  /// Runs the live test stores' effects, on the main queue, until none has a job left: each
  /// is suspended, waiting for a clock, another thread or an action.
  ///
  /// Main-actor work queued meanwhile (a send to a store that is not a test store's) gets one
  /// turn, and what it wakes runs too.
  nonisolated(nonsending)
    static func settle() async
  {
    await Self.drainLiveOnMain()
    await Task.yield()
    await Self.drainLiveOnMain()
  }

  @discardableResult
  nonisolated(nonsending)
    private static func drainLiveOnMain() async -> Int
  {
    if Self.isOnMainQueue { return Self.drainLiveHere() }
    return await MainActor.run { Self.drainLive() }
  }

  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main queue: the main actor's executor, whose jobs may run on
  /// any thread (after `dispatchMain()`, as the test runner does).
  static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: Self.mainQueueKey) == true
  }

  /// ``drainLive()`` from code that is on the main queue but not known to be on the main actor.
  private static func drainLiveHere() -> Int {
    MainActor.assumeIsolated { Self.drainLive() }
  }

  @MainActor
  private static func drainLive() -> Int {
    let executors = Self.live.withLock { Array($0.values) }
    var total = 0
    while true {
      var ran = 0
      for executor in executors { ran += executor.runPending() }
      total += ran
      if ran == 0 { return total }
    }
  }

  /// Drains an executor from the main queue; it and the executor keep each other alive.
  private final class Drainer: @unchecked Sendable {
    var executor: StoreExecutor?

    func schedule() {
      DispatchQueue.main.async { self.executor?.runPending() }
    }
  }
}
