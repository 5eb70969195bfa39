import Synchronization

/// The cancellable work in flight for one root store, by cancellation id.
///
/// Each root store owns one, so ids never collide between stores (or between tests running
/// in parallel). Entries remove themselves when their work finishes.
@usableFromInline
final class CancellationRegistry: Sendable {
  private struct Storage {
    var nextToken: UInt64 = 0
    var byID: [EffectID: RegisteredWork] = [:]
    /// Registrations whose work was cancelled or ended, still filed under their ids. The next
    /// insert under the same ids takes one over as it is (a timer or a search cancelled in
    /// flight and started again: the usual case), with no dictionary work; the next insert
    /// under other ids files them out.
    var vacated: [CancellationHandle.Registration] = []

    /// Empties `registration` of its handle; it stays filed until ``settle(reusingFor:)``.
    mutating func vacate(_ registration: CancellationHandle.Registration) {
      registration.handle?.registration = nil
      registration.handle = nil
      // NB: Bounded: cancellations with no insert after them are filed out in batches.
      if self.vacated.count >= Self.vacancyLimit { _ = self.settle(reusingFor: nil) }
      self.vacated.append(registration)
    }

    /// Files the vacated registrations out from under their ids, but for the first one filed
    /// under exactly `ids`, which is returned to be taken over.
    mutating func settle(reusingFor ids: [EffectID]?) -> CancellationHandle.Registration? {
      var reused: CancellationHandle.Registration?
      for registration in self.vacated {
        if reused == nil, let ids, EffectID.areSame(registration.ids, ids) {
          reused = registration
          continue
        }
        // NB: One look-up per id.
        for id in registration.ids {
          guard let index = self.byID.index(forKey: id) else { continue }
          self.byID.values[index].remove(token: registration.token)
          if self.byID.values[index].isEmpty { self.byID.remove(at: index) }
        }
      }
      self.vacated.removeAll(keepingCapacity: true)
      return reused
    }

    /// Vacates all work under `id`, to be cancelled once out of the lock.
    mutating func takeOut(_ id: EffectID) -> (first: CancellationHandle?, others: [CancellationHandle]) {
      // NB: The first handle apart, so that cancelling one piece of work allocates no list.
      guard let work = self.byID[id] else { return (nil, []) }
      var first: CancellationHandle?
      var others: [CancellationHandle] = []
      // NB: The work is taken out from under its other ids too, in the same lock, so that it
      //     does not have to look them up again as it ends.
      work.forEach { registration in
        guard let handle = registration.handle else { return }
        if first == nil { first = handle } else { others.append(handle) }
        self.vacate(registration)
      }
      return (first, others)
    }

    static let vacancyLimit = 16
  }

  private let storage = Mutex(Storage())

  /// The namespaces this store's effects run in, each made once.
  @usableFromInline let namespaces = NamespaceTable()

  @usableFromInline
  init() {}

  /// Registers `handle` under each of `ids`, until it is cancelled by one of them or
  /// ``remove(_:)`` takes it out.
  @usableFromInline
  func insert(_ handle: CancellationHandle, ids: [EffectID]) {
    self.storage.withLock { storage in
      if let registration = storage.settle(reusingFor: ids) {
        registration.handle = handle
        handle.registration = registration
        return
      }
      let registration = CancellationHandle.Registration(token: storage.nextToken, ids: ids)
      storage.nextToken &+= 1
      registration.handle = handle
      handle.registration = registration
      for id in ids {
        storage.byID[id, default: RegisteredWork()].insert(registration)
      }
    }
  }

  /// Takes `handle` out from under every id it is still registered under: its work is over.
  /// After a cancellation by id this finds nothing left to do.
  @usableFromInline
  func remove(_ handle: CancellationHandle) {
    self.storage.withLock { storage in
      guard let registration = handle.registration, registration.handle === handle else { return }
      storage.vacate(registration)
    }
  }

  /// Cancels all work registered under `id`.
  @usableFromInline
  func cancel(id: EffectID) {
    let (first, others) = self.storage.withLock { $0.takeOut(id) }
    first?.cancel()
    for handle in others { handle.cancel() }
  }

  /// What `.cancellable(id:cancelInFlight: true)` around a timer does before arming it: if the
  /// only work under `id` is `owner`'s timer, filed under exactly `ids` (compared in place), that timer is returned
  /// (still filed) for the caller to re-arm in place; else all work under `id` is cancelled, as
  /// ``cancel(id:)`` does, and `nil` returned.
  @usableFromInline
  func takeOverTimer(inFlight id: EffectID, ids: TimerIDs, owner: AnyObject) -> CancellationHandle? {
    let (first, others, isTakenOver) = self.storage.withLock {
      storage -> (CancellationHandle?, [CancellationHandle], Bool) in
      if let work = storage.byID[id], let registration = work.only, let handle = registration.handle,
        handle.timerOwner == ObjectIdentifier(owner), ids.isSame(as: registration.ids)
      {
        return (handle, [], true)
      }
      let (first, others) = storage.takeOut(id)
      return (first, others, false)
    }
    if isTakenOver { return first }
    first?.cancel()
    for handle in others { handle.cancel() }
    return nil
  }

  /// How many ids have work filed under them, vacated registrations included (for tests).
  var filedIDCount: Int {
    self.storage.withLock { $0.byID.count }
  }

  /// Cancels everything; the store calls this when it goes away.
  func cancelAll() {
    let all = self.storage.withLock { storage in
      defer {
        storage.byID.removeAll()
        storage.vacated.removeAll()
      }
      var handles: [CancellationHandle] = []
      for work in storage.byID.values {
        work.forEach { registration in
          guard let handle = registration.handle else { return }
          registration.handle = nil
          handle.registration = nil
          handles.append(handle)
        }
      }
      return handles
    }
    all.forEach { $0.cancel() }
  }

}

/// Cancels one piece of work, which may not have started yet.
///
/// A subclass may cancel its work itself by overriding ``cancel()`` (a timer of
/// ``Effect/send(_:after:clock:)``).
@usableFromInline
class CancellationHandle: @unchecked Sendable {
  /// Where a handle is registered: its token, its ids, and the handle while it is there. Each
  /// id's entry holds this one object, so that work started again under the same ids takes it
  /// over without touching the entries (``CancellationRegistry/insert(_:ids:)``).
  final class Registration {
    let token: UInt64
    let ids: [EffectID]
    /// Set and cleared by the registry, under its lock; nil once vacated.
    var handle: CancellationHandle?

    init(token: UInt64, ids: [EffectID]) {
      self.token = token
      self.ids = ids
    }
  }

  /// Set and cleared by the registry, under its lock.
  var registration: Registration?

  /// The store whose timer this is (a ``ScheduledSend``), which may re-arm it in place.
  let timerOwner: ObjectIdentifier?

  private struct State {
    var isCancelled = false
    var cancel: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())

  @usableFromInline
  init() {
    self.timerOwner = nil
  }

  /// A handle that is `owner`'s timer.
  @usableFromInline
  init(timerOf owner: AnyObject) {
    self.timerOwner = ObjectIdentifier(owner)
  }

  /// Sets what cancelling does; runs it at once if cancellation already happened.
  @usableFromInline
  func attach(_ cancel: @escaping @Sendable () -> Void) {
    let runNow = self.state.withLock { state -> Bool in
      if state.isCancelled { return true }
      state.cancel = cancel
      return false
    }
    if runNow { cancel() }
  }

  @usableFromInline
  func cancel() {
    let cancel = self.state.withLock { state -> (@Sendable () -> Void)? in
      state.isCancelled = true
      defer { state.cancel = nil }
      return state.cancel
    }
    cancel?()
  }
}

extension CancellationRegistry {
  /// The registry for work started outside any store's effects.
  static let global = CancellationRegistry()
}
