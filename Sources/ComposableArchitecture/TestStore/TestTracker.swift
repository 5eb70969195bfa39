import Foundation
import Synchronization

/// What a ``TestStore``'s reducer saw: received actions with the state after each, the state
/// after the last sent action, and the effects still running.
final class TestTracker<State, Action>: @unchecked Sendable {
  struct Received {
    let action: Action
    let state: State
    /// Whether the reducer may have left state as it was (see ``StateFingerprint``).
    let maybeUnchanged: Bool
  }

  struct Effect: Sendable {
    let action: String
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
  }

  // NB: `TestStore` is generic and not specialized for its callers, so every use of a type made
  //     from `State` or `Action` looks up that type's metadata. The state after a send and the
  //     count of received actions, used by every send, are kept in fields of their own types.
  private struct Storage {
    var received: [Received] = []
    var effects: [UInt64: Effect] = [:]
    var nextEffect: UInt64 = 0
    var generation: UInt64 = 0
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let lock = NSCondition()
  private var _storage = Storage()
  private var receivedCount = 0
  // NB: Initialized only while `hasStateAfterSend`: a pointer needs no `Optional<State>`.
  private let stateAfterSend = UnsafeMutablePointer<State>.allocate(capacity: 1)
  private var hasStateAfterSend = false

  init() {}

  deinit {
    if self.hasStateAfterSend { self.stateAfterSend.deinitialize(count: 1) }
    self.stateAfterSend.deallocate()
  }

  private func locked<R>(_ body: (inout Storage) -> R) -> R {
    self.lock.lock()
    defer { self.lock.unlock() }
    return body(&self._storage)
  }

  /// Where the `send` now running was written, for effects it starts.
  var currentSend = (
    fileID: StaticString("?"), filePath: StaticString("?"), line: UInt(0), column: UInt(0)
  )

  var received: [Received] {
    self.locked { $0.received }
  }

  var hasReceived: Bool {
    self.lock.lock()
    defer { self.lock.unlock() }
    return self.receivedCount > 0
  }

  func popReceived() -> Received? {
    self.locked { storage in
      guard !storage.received.isEmpty else { return nil }
      self.receivedCount -= 1
      return storage.received.removeFirst()
    }
  }

  func removeAllReceived() -> [Received] {
    self.locked { storage in
      defer {
        storage.received.removeAll()
        self.receivedCount = 0
      }
      return storage.received
    }
  }

  func didReceive(_ action: Action, state: State, maybeUnchanged: Bool) {
    self.signal {
      $0.received.append(Received(action: action, state: state, maybeUnchanged: maybeUnchanged))
      self.receivedCount += 1
    }
  }

  /// Whether the last sent action's reducer may have left state as it was.
  private(set) var lastSendMaybeUnchanged = false

  func didSend(state: State, maybeUnchanged: Bool) {
    self.lock.lock()
    defer { self.lock.unlock() }
    self.lastSendMaybeUnchanged = maybeUnchanged
    if self.hasStateAfterSend {
      self.stateAfterSend.pointee = state
    } else {
      self.stateAfterSend.initialize(to: state)
      self.hasStateAfterSend = true
    }
  }

  /// The state right after the last sent action was reduced, or `fallback` when no action was
  /// sent since the last call.
  func takeStateAfterSend(or fallback: @autoclosure () -> State) -> State {
    self.lock.lock()
    defer { self.lock.unlock() }
    guard self.hasStateAfterSend else { return fallback() }
    self.hasStateAfterSend = false
    return self.stateAfterSend.move()
  }

  var effects: [UInt64: Effect] {
    self.locked { $0.effects }
  }

  func startEffect(action: Action) -> UInt64 {
    let send = self.currentSend
    let effect = Effect(
      action: String(customDumping: action),
      fileID: send.fileID, filePath: send.filePath, line: send.line, column: send.column
    )
    return self.locked { storage in
      defer { storage.nextEffect += 1 }
      storage.effects[storage.nextEffect] = effect
      return storage.nextEffect
    }
  }

  /// Whether the feature dismissed itself with `@Dependency(\.dismiss)`.
  var isDismissed: Bool {
    get { self._isDismissed.load(ordering: .acquiring) }
    set { self._isDismissed.store(newValue, ordering: .releasing) }
  }
  private let _isDismissed = Atomic(false)

  /// Stops tracking every effect in flight; they go on running.
  func forgetEffects() {
    self.endEffects { $0.effects.removeAll() }
  }

  func finishEffect(_ id: UInt64) {
    self.endEffects { $0.effects[id] = nil }
  }

  /// Removes effects and wakes both kinds of waiter: the async `wait` and the blocking one.
  private func endEffects(_ update: (inout Storage) -> Void) {
    self.signal(update)
    self.lock.lock()
    self.lock.broadcast()
    self.lock.unlock()
  }

  /// Blocks until no effect is running or `timeout` nanoseconds pass; for the end of a test,
  /// where effects that already sent their last action may still be returning.
  ///
  /// When called on the main queue, which runs `executor` (the test store's effects), it runs
  /// the executor's jobs while it waits: blocking alone would keep those effects from finishing.
  func waitForEffectsBlocking(timeout: UInt64, draining executor: StoreExecutor? = nil) -> Bool {
    let deadline = Date(timeIntervalSinceNow: Double(timeout) / 1_000_000_000)
    let drains = executor != nil && TestEffectsExecutor.isOnMainQueue
    while true {
      if drains { executor?.runPending() }
      self.lock.lock()
      defer { self.lock.unlock() }
      if self._storage.effects.isEmpty { return true }
      // NB: A job for the executor does not signal this condition: look again every millisecond.
      let until = drains ? min(deadline, Date(timeIntervalSinceNow: 0.001)) : deadline
      if !self.lock.wait(until: until), Date() >= deadline {
        return self._storage.effects.isEmpty
      }
    }
  }

  private func signal(_ update: (inout Storage) -> Void) {
    let waiter = self.locked { storage -> CheckedContinuation<Void, Never>? in
      update(&storage)
      storage.generation &+= 1
      defer { storage.waiter = nil }
      return storage.waiter
    }
    waiter?.resume()
  }

  /// Waits until `condition` holds or `timeout` nanoseconds pass; returns whether it holds.
  func wait(
    timeout: UInt64,
    isolation: isolated (any Actor)? = #isolation,
    until condition: () -> Bool
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .nanoseconds(Int64(clamping: timeout)))
    let timer = Task { [weak self] in
      try? await clock.sleep(until: deadline)
      self?.signal { _ in }
    }
    defer { timer.cancel() }
    while true {
      let generation = self.locked { $0.generation }
      if condition() { return true }
      if clock.now >= deadline { return false }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = self.locked { storage -> Bool in
          if storage.generation != generation { return true }
          storage.waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    }
  }
}
