import Synchronization

/// The cancellable work in flight for one root store, by cancellation id.
///
/// Each root store owns one, so ids never collide between stores (or between tests running
/// in parallel). Entries remove themselves when their work finishes.
@usableFromInline
final class CancellationRegistry: Sendable {
  private struct Storage {
    var nextToken: UInt64 = 0
    var byID: [Key: [UInt64: CancellationHandle]] = [:]
  }

  private let storage = Mutex(Storage())

  @usableFromInline
  init() {}

  /// Registers `handle` under each of `ids`; returns a token for ``remove(_:ids:)``.
  @usableFromInline
  func insert(_ handle: CancellationHandle, ids: [AnyHashableSendable]) -> UInt64 {
    self.storage.withLock { storage in
      let token = storage.nextToken
      storage.nextToken &+= 1
      for id in ids {
        storage.byID[Key(id), default: [:]][token] = handle
      }
      return token
    }
  }

  @usableFromInline
  func remove(_ token: UInt64, ids: [AnyHashableSendable]) {
    self.storage.withLock { storage in
      // NB: One look-up per id: comparing namespaced ids is the costly part of cancellation.
      for id in ids {
        guard let index = storage.byID.index(forKey: Key(id)) else { continue }
        storage.byID.values[index][token] = nil
        if storage.byID.values[index].isEmpty { storage.byID.remove(at: index) }
      }
    }
  }

  /// Cancels all work registered under `id`.
  @usableFromInline
  func cancel(id: AnyHashableSendable) {
    let handles = self.storage.withLock { $0.byID.removeValue(forKey: Key(id)) }
    handles?.values.forEach { $0.cancel() }
  }

  /// Cancels everything; the store calls this when it goes away.
  func cancelAll() {
    let all = self.storage.withLock { storage in
      defer { storage.byID.removeAll() }
      return storage.byID.values.flatMap(\.values)
    }
    all.forEach { $0.cancel() }
  }

}

/// Cancels one piece of work, which may not have started yet.
extension CancellationRegistry {
  /// A cancel id with its hash value beside it. The dictionary compares keys along each probe
  /// sequence; comparing type-erased ids means dynamic casts through `AnyHashable`, so keys
  /// whose hashes differ are told apart by the integer first.
  fileprivate struct Key: Hashable {
    let id: AnyHashableSendable
    let hash: Int

    init(_ id: AnyHashableSendable) {
      self.id = id
      self.hash = id.hashValue
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.hash == rhs.hash && lhs.id == rhs.id
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(self.hash)
    }
  }
}

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
  /// The registry of the store whose effect is running; effect tasks set it.
  @TaskLocal static var current: CancellationRegistry?

  /// The registry for work started outside any store's effects.
  static let global = CancellationRegistry()

  /// The registry of the running effect's store, or the global one.
  static var forCurrentTask: CancellationRegistry { Self.current ?? Self.global }
}
