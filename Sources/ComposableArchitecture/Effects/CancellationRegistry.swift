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
  }

  private let storage = Mutex(Storage())

  @usableFromInline
  init() {}

  /// Registers `handle` under each of `ids`; returns a token for ``remove(_:ids:)``.
  @usableFromInline
  func insert(_ handle: CancellationHandle, ids: [EffectID]) -> UInt64 {
    self.storage.withLock { storage in
      let token = storage.nextToken
      storage.nextToken &+= 1
      for id in ids {
        storage.byID[id, default: RegisteredWork()].insert(handle, token: token)
      }
      return token
    }
  }

  @usableFromInline
  func remove(_ token: UInt64, ids: [EffectID]) {
    self.storage.withLock { storage in
      // NB: One look-up per id.
      for id in ids {
        guard let index = storage.byID.index(forKey: id) else { continue }
        storage.byID.values[index].remove(token: token)
        if storage.byID.values[index].isEmpty { storage.byID.remove(at: index) }
      }
    }
  }

  /// Cancels all work registered under `id`.
  @usableFromInline
  func cancel(id: EffectID) {
    let handles = self.storage.withLock { $0.byID.removeValue(forKey: id) }
    handles?.forEach { $0.cancel() }
  }

  /// Cancels everything; the store calls this when it goes away.
  func cancelAll() {
    let all = self.storage.withLock { storage in
      defer { storage.byID.removeAll() }
      return storage.byID.values.flatMap(\.handles)
    }
    all.forEach { $0.cancel() }
  }

}

/// Cancels one piece of work, which may not have started yet.
@usableFromInline
final class CancellationHandle: Sendable {
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
