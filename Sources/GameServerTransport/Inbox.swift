import Synchronization

/// Work handed to the service thread from other threads.
enum InboxCommand: Sendable {
  case send(UInt64, OutgoingMessage)
  case close(UInt64, code: Int, reason: String)
  /// Work to run on the service thread.
  case run(@Sendable () -> Void)
  /// A connection accepted on another thread, to take in.
  case adopt(Int32)
}

/// A locked queue of commands for the service thread, with one pending wake-up at a time.
final class Inbox: Sendable {
  private let state = Mutex<(commands: [InboxCommand], woken: Bool)>(([], false))

  /// Queues a command; returns whether the service thread needs waking.
  func push(_ command: InboxCommand) -> Bool {
    self.state.withLock { state in
      state.commands.append(command)
      defer { state.woken = true }
      return !state.woken
    }
  }

  /// Takes every queued command.
  func drain() -> [InboxCommand] {
    self.state.withLock { state in
      defer {
        state.commands.removeAll(keepingCapacity: true)
        state.woken = false
      }
      return state.commands
    }
  }
}
