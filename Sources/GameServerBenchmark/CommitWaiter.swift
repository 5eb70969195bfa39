import Synchronization

/// Wakes the benchmark's loop when the database commits, as the server's transport is woken:
/// the loop waits for a commit instead of polling with a timer, so the store thread's figures
/// carry no timer of the benchmark's own.
///
/// A commit that comes while the loop is busy is remembered, so the next wait returns at once
/// and no wake-up is lost.
final class CommitWaiter: Sendable {
  private struct State {
    var committed = false
    var waiter: UnsafeContinuation<Void, Never>?
  }

  private let state = Mutex(State())

  /// Called by the database after each commit, on its writer's thread.
  func signal() {
    let waiter = self.state.withLock { state -> UnsafeContinuation<Void, Never>? in
      guard let waiter = state.waiter else {
        state.committed = true
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns once a commit has come since the last wait returned.
  func wait() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let committed = self.state.withLock { state -> Bool in
        if state.committed {
          state.committed = false
          return true
        }
        state.waiter = continuation
        return false
      }
      if committed { continuation.resume() }
    }
  }
}
