import Synchronization

/// One ``Effect/send(_:after:clock:)`` waiting in a live store's ``SchedulingClock``, with no
/// task: the clock calls ``fire()`` from its thread, and only then does a task carry the action
/// to the store's isolation.
///
/// It is the cancellation handle of its ids, so cancelling them (or the ``StoreTask`` of the
/// send that armed it) drops the clock's entry. Whether the action is still sent is decided on
/// the store's isolation, where the reducer also cancels: a timer cancelled by a reducer never
/// sends afterwards, even when the clock had already fired it.
@usableFromInline
final class ScheduledSend<State, Action>: CancellationHandle, StoreTaskPart, @unchecked Sendable {
  private enum Phase {
    /// Registered, but not yet in the clock.
    case arming
    case waiting(clockID: UInt64)
    /// Sent or cancelled.
    case done
  }

  private struct Progress {
    var phase = Phase.arming
    var waiters: [UnsafeContinuation<Void, Never>] = []
    var isCancelled = false
  }

  private let progress = Mutex(Progress())
  private weak var core: RootCore<State, Action>?
  private let action: Action
  private let clock: any SchedulingClock
  /// Whether it is in the store's cancellation registry (under ids of `.cancellable`).
  private let isRegistered: Bool

  @usableFromInline
  init(core: RootCore<State, Action>, action: Action, clock: any SchedulingClock, isRegistered: Bool) {
    self.core = core
    self.action = action
    self.clock = clock
    self.isRegistered = isRegistered
  }

  /// Puts the timer in the clock; a timer cancelled meanwhile is taken out again at once.
  @usableFromInline
  func arm(after duration: Duration) {
    let clockID = self.clock.schedule(after: duration) { [self] in self.fire() }
    let isDone = self.progress.withLock { progress -> Bool in
      guard case .arming = progress.phase else { return true }
      progress.phase = .waiting(clockID: clockID)
      return false
    }
    if isDone { self.clock.cancelScheduled(clockID) }
  }

  /// Called by the clock when the deadline has come: hands the action to the store.
  private func fire() {
    guard let core = self.core else {
      _ = self.finish(cancelled: true)
      return
    }
    Task(executorPreference: core.taskExecutor) {
      if let executor = core.storeExecutor, executor.isCurrent {
        self.deliver(to: core)
      } else {
        await _perform(on: core.isolation) { self.deliver(to: core) }
      }
    }
  }

  /// On the store's isolation: sends the action unless the timer was cancelled first.
  private func deliver(to core: RootCore<State, Action>) {
    guard self.finish(cancelled: false) != nil else { return }
    if self.isRegistered { core.registry.remove(self) }
    _ = core.send(self.action)
  }

  @usableFromInline
  override func cancel() {
    guard let clockID = self.finish(cancelled: true) else { return }
    if self.isRegistered { self.core?.registry.remove(self) }
    if let clockID = clockID { self.clock.cancelScheduled(clockID) }
  }

  /// Ends the timer; `nil` if it had ended already, else the clock's id if it was in the clock.
  private func finish(cancelled: Bool) -> UInt64?? {
    let (result, waiters) = self.progress.withLock { progress -> (UInt64??, [UnsafeContinuation<Void, Never>]) in
      let result: UInt64??
      switch progress.phase {
      case .done: return (nil, [])
      case .arming: result = .some(nil)
      case let .waiting(clockID): result = .some(clockID)
      }
      progress.phase = .done
      progress.isCancelled = cancelled
      defer { progress.waiters = [] }
      return (result, progress.waiters)
    }
    for waiter in waiters { waiter.resume() }
    return result
  }

  @usableFromInline
  var isCancelled: Bool {
    self.progress.withLock { $0.isCancelled }
  }

  @usableFromInline
  func finished() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let isDone = self.progress.withLock { progress -> Bool in
        guard case .done = progress.phase else {
          progress.waiters.append(continuation)
          return false
        }
        return true
      }
      if isDone { continuation.resume() }
    }
  }
}
