import Glibc

/// The service threads one by one: a server with a store on every thread (its room shards)
/// wakes each, runs work on each, and asks which one it runs on.
extension WebSocketServer {
  /// Service thread `thread` (0 to ``threads`` − 1), once started.
  func sibling(_ thread: Int) -> WebSocketServer {
    thread <= 0 || thread > self.others.count ? self : self.others[thread - 1]
  }

  /// Wakes service thread `thread` to run its `runPending`, from any thread.
  public func wake(thread: Int) {
    self.sibling(thread).waker.wake()
  }

  /// Runs `work` on service thread `thread`, soon, after what was scheduled there before it;
  /// returns at once (on that thread too: it runs in the thread's next round). Safe from any
  /// thread.
  public func schedule(onThread thread: Int, _ work: @escaping @Sendable () -> Void) {
    let server = self.sibling(thread)
    if server.inbox.push(.run(work)) { server.waker.wake() }
  }

  /// Whether a connection is open; called on the connection's own service thread.
  public func isOpen(_ connection: WebSocketID) -> Bool {
    self.owner(of: connection.rawValue).connections[connection.rawValue] != nil
  }

  /// The service thread the caller runs on (0 to ``threads`` − 1), or nil on any other thread.
  public var currentThread: Int? {
    let current = Self.currentThread
    if self.serviceThread.load(ordering: .relaxed) == current { return 0 }
    return self.others.first { $0.serviceThread.load(ordering: .relaxed) == current }?.index
  }
}
