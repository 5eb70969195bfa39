import Synchronization

/// One ``Effect/send(_:after:clock:)`` waiting in a live store's ``SchedulingClock``, with no
/// task: the clock calls ``fire()`` from its thread, and only then does a task carry the action
/// to the store's isolation.
///
/// It is the cancellation handle of its ids, so cancelling them (or the ``StoreTask`` of the
/// send that armed it) drops the clock's entry. Whether the action is still sent is decided on
/// the store's isolation, where the reducer also cancels: a timer cancelled by a reducer never
/// sends afterwards, even when the clock had already fired it.
///
/// Re-armed under the same ids, it is moved in the clock instead of replaced
/// (``rearm(_:after:on:)``): each arming has a number, and the sends that armed it before see
/// their armings cancelled.
@usableFromInline
final class ScheduledSend<State, Action>: CancellationHandle, StoreTaskPart, @unchecked Sendable {
  private let progress = Mutex(ScheduledSendProgress())
  private weak var core: RootCore<State, Action>?
  /// Read and written on the store's isolation only (by ``deliver(to:)`` and a re-arm).
  private var action: Action
  @usableFromInline let clock: any SchedulingClock
  /// Whether it is in the store's cancellation registry (under ids of `.cancellable`).
  private let isRegistered: Bool

  @usableFromInline
  init(core: RootCore<State, Action>, action: Action, clock: any SchedulingClock, isRegistered: Bool) {
    self.core = core
    self.action = action
    self.clock = clock
    self.isRegistered = isRegistered
    super.init(timerOf: core)
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

  /// On the store's isolation: moves the waiting timer to send `action` after `duration`, as a
  /// new arming, which it returns; `nil` if it can no longer be moved (it fired, was
  /// cancelled, or waits on another clock), and then nothing changed.
  @usableFromInline
  func rearm(_ action: Action, after duration: Duration, on clock: any SchedulingClock) -> UInt64? {
    guard clock === self.clock else { return nil }
    let clockID = self.progress.withLock { progress -> UInt64? in
      guard case let .waiting(clockID) = progress.phase else { return nil }
      return clockID
    }
    guard let clockID, let movedID = self.clock.reschedule(clockID, after: duration) else { return nil }
    let (arming, waiters) = self.progress.withLock { progress -> (UInt64?, [UnsafeContinuation<Void, Never>]) in
      // NB: Cancelled while it was being moved: the cancellation missed the moved entry.
      guard case .waiting(clockID) = progress.phase else { return (nil, []) }
      progress.phase = .waiting(clockID: movedID)
      progress.arming &+= 1
      defer { progress.waiters = [] }
      return (progress.arming, progress.waiters)
    }
    guard let arming else {
      self.clock.cancelScheduled(movedID)
      return nil
    }
    self.action = action
    for waiter in waiters { waiter.resume() }
    return arming
  }

  /// Called by the clock when the deadline has come: hands the action to the store.
  private func fire() {
    guard let core = self.core else {
      _ = self.finish(cancelled: true, arming: nil)
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
    guard self.finish(cancelled: false, arming: nil) != nil else { return }
    if self.isRegistered { core.registry.remove(self) }
    _ = core.send(self.action)
  }

  /// Cancels the current arming: its ids were cancelled.
  @usableFromInline
  override func cancel() {
    self.cancelArming(nil)
  }

  @usableFromInline
  func cancel(arming: UInt64) {
    self.cancelArming(arming)
  }

  /// Cancels the current arming, if it is still `arming` when given.
  private func cancelArming(_ arming: UInt64?) {
    guard let clockID = self.finish(cancelled: true, arming: arming) else { return }
    if self.isRegistered { self.core?.registry.remove(self) }
    if let clockID = clockID { self.clock.cancelScheduled(clockID) }
  }

  /// Ends the timer's current arming (if it is still `arming`, when given); `nil` if it had
  /// ended already, else the clock's id if it was in the clock.
  private func finish(cancelled: Bool, arming: UInt64?) -> UInt64?? {
    let (result, waiters) = self.progress.withLock { progress -> (UInt64??, [UnsafeContinuation<Void, Never>]) in
      if let arming, arming != progress.arming { return (nil, []) }
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
  func isCancelled(arming: UInt64) -> Bool {
    self.progress.withLock { progress in
      arming != progress.arming || progress.isCancelled
    }
  }

  @usableFromInline
  func finished(arming: UInt64) async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let isOver = self.progress.withLock { progress -> Bool in
        guard arming == progress.arming, !progress.phase.isDone else { return true }
        progress.waiters.append(continuation)
        return false
      }
      if isOver { continuation.resume() }
    }
  }
}
