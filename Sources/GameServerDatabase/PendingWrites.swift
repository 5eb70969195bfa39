import Synchronization

/// The writes a group-commit writer holds between commits, and whether a commit is on its way:
/// a write queued while a commit runs goes into the next one, and a commit is started only when
/// none is on its way. Safe from any thread.
///
/// ```swift
/// if pending.append(write, startingCommit: policy == .onAppend) { startCommitting() }
/// // the committer, until it gets nothing:
/// while case let writes = pending.take(), !writes.isEmpty { commit(writes) }
/// ```
package final class PendingWrites<Write: Sendable>: Sendable {
  @usableFromInline let state = Mutex<(writes: [Write], isScheduled: Bool)>(([], false))

  package init() {}

  /// Queues a write; returns whether the caller starts a commit: when `startingCommit` and none
  /// is on its way.
  @inlinable
  package func append(_ write: Write, startingCommit: Bool) -> Bool {
    self.state.withLock { state -> Bool in
      state.writes.append(write)
      guard startingCommit, !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
  }

  /// Whether the caller starts a commit of what is queued: there is something, and no commit is
  /// on its way.
  @inlinable
  package func scheduleCommit() -> Bool {
    self.state.withLock { state -> Bool in
      guard !state.writes.isEmpty, !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
  }

  /// The writes queued, taken for a commit; none means the commit on its way is over.
  @inlinable
  package func take() -> [Write] {
    self.state.withLock { state -> [Write] in
      if state.writes.isEmpty { state.isScheduled = false }
      defer { state.writes = [] }
      return state.writes
    }
  }

  /// How many writes wait, and whether a commit is on its way.
  package var queued: (count: Int, isCommitScheduled: Bool) {
    self.state.withLock { ($0.writes.count, $0.isScheduled) }
  }
}
