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

    mutating func remove(_ registration: CancellationHandle.Registration, except skipped: EffectID?) {
      // NB: One look-up per id.
      for id in registration.ids where skipped.map({ $0 != id }) ?? true {
        guard let index = self.byID.index(forKey: id) else { continue }
        self.byID.values[index].remove(token: registration.token)
        if self.byID.values[index].isEmpty { self.byID.remove(at: index) }
      }
    }
  }

  private let storage = Mutex(Storage())

  @usableFromInline
  init() {}

  /// Registers `handle` under each of `ids`, until it is cancelled by one of them or
  /// ``remove(_:)`` takes it out.
  @usableFromInline
  func insert(_ handle: CancellationHandle, ids: [EffectID]) {
    self.storage.withLock { storage in
      let token = storage.nextToken
      storage.nextToken &+= 1
      handle.registration = CancellationHandle.Registration(token: token, ids: ids)
      for id in ids {
        storage.byID[id, default: RegisteredWork()].insert(handle, token: token)
      }
    }
  }

  /// Takes `handle` out from under every id it is still registered under: its work is over.
  /// After a cancellation by id this finds nothing left to do.
  @usableFromInline
  func remove(_ handle: CancellationHandle) {
    self.storage.withLock { storage in
      guard let registration = handle.registration else { return }
      handle.registration = nil
      storage.remove(registration, except: nil)
    }
  }

  /// Cancels all work registered under `id`.
  @usableFromInline
  func cancel(id: EffectID) {
    let handles = self.storage.withLock { storage -> RegisteredWork? in
      guard let work = storage.byID.removeValue(forKey: id) else { return nil }
      // NB: The work is also taken out from under its other ids now, in the same lock, so that
      //     it does not have to look them up again as it ends.
      work.forEach { handle in
        guard let registration = handle.registration else { return }
        handle.registration = nil
        storage.remove(registration, except: id)
      }
      return work
    }
    handles?.forEach { $0.cancel() }
  }

  /// Cancels everything; the store calls this when it goes away.
  func cancelAll() {
    let all = self.storage.withLock { storage in
      defer { storage.byID.removeAll() }
      let handles = storage.byID.values.flatMap(\.handles)
      for handle in handles { handle.registration = nil }
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
  /// Where a handle is registered: its token and its ids.
  struct Registration {
    let token: UInt64
    let ids: [EffectID]
  }

  /// Set and cleared by the registry, under its lock.
  var registration: Registration?

  private struct State {
    var isCancelled = false
    var cancel: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())

  @usableFromInline
  init() {}

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
