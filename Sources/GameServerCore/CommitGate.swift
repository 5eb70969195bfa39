import DequeModule
import GameServerDatabase
import Synchronization

/// Messages held until the room-log lines they show are committed: what makes a live
/// ``ClientChannel`` keep the promise that nothing a player has seen is lost in a crash.
///
/// A message with no line, or whose line is committed, goes out at once unless others are
/// held, so messages keep their order. ``release()`` lets the held ones go in order as their
/// lines commit, and drops those whose line failed (`drop` hears of each, in order). `send` and `release` belong to one thread
/// (the store's); ``wake()`` may be called from any thread, and asks `schedule` to run
/// `release` there, once however many commits come meanwhile.
///
/// ```swift
/// let gate = CommitGate<(ConnectionID, [UInt8])>(
///   status: database.roomLogStatus, deliver: { transport.send($0.0, $0.1) },
///   schedule: { transport.schedule($0) })
/// gate.send((connection, bytes), after: ticket)
/// // on the database's commits: gate.wake()
/// ```
public final class CommitGate<Message>: @unchecked Sendable {
  // NB: Only on the store's thread, one method at a time: not checked at run time as well.
  // NB: `send`, `release` and `wake` are inlinable (so the fields they use are `@usableFromInline`):
  //     otherwise the code that uses a gate from another module runs them unspecialized, and
  //     every `Deque` operation looks the element type's metadata up at run time.
  @exclusivity(unchecked) @usableFromInline var held: Deque<(message: Message, ticket: RoomLogTicket?)> = []
  @usableFromInline let status: @Sendable (RoomLogTicket) -> RoomLogStatus
  @usableFromInline let deliver: (Message) -> Void
  @usableFromInline let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void
  private let drop: (Message) -> Void
  @usableFromInline let isWakeScheduled = Atomic<Bool>(false)
  /// The most messages held at once; past it, more are dropped (as if their line had failed)
  /// rather than held without bound while commits do not come.
  public let capacity: Int
  /// Messages dropped: their line failed, or too many were held.
  public private(set) var dropped = 0

  /// - Parameters:
  ///   - drop: hears each message dropped, in its place in the order (a request it answered
  ///     is then answered another way).
  public init(
    capacity: Int = 1_000_000,
    status: @escaping @Sendable (RoomLogTicket) -> RoomLogStatus,
    deliver: @escaping (Message) -> Void,
    drop: @escaping (Message) -> Void = { _ in },
    schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
  ) {
    self.capacity = capacity
    self.status = status
    self.deliver = deliver
    self.drop = drop
    self.schedule = schedule
  }

  /// Messages waiting for their lines (or for earlier messages).
  public var heldCount: Int { self.held.count }

  /// Sends `message` once `ticket`'s line is committed, after every message held before it.
  @inlinable
  public func send(_ message: Message, after ticket: RoomLogTicket?) {
    if self.held.isEmpty {
      switch ticket.map(self.status) ?? .committed {
      case .committed:
        self.deliver(message)
        return
      case .failed:
        self.dropMessage(message)
        return
      case .pending:
        break
      }
    }
    guard self.held.count < self.capacity else { return self.dropMessage(message) }
    self.held.append((message, ticket))
  }

  /// Sends the held messages whose lines are committed, in order, up to the first still
  /// pending; drops those whose line failed.
  @inlinable
  public func release() {
    // NB: `popFirst` and `prepend` rather than `first`: in this generic class `first` goes through
    //     the collection's read coroutine, which allocates its frame on every call.
    while let first = self.held.popFirst() {
      switch first.ticket.map(self.status) ?? .committed {
      case .pending:
        self.held.prepend(first)
        return
      case .committed:
        self.deliver(first.message)
      case .failed:
        self.dropMessage(first.message)
      }
    }
  }

  // NB: Not inlinable: a rare path, and it changes `dropped`, whose setter is private.
  @usableFromInline
  func dropMessage(_ message: Message) {
    self.dropped += 1
    self.drop(message)
  }

  /// Asks for ``release()`` on the gate's thread (from any thread; coalesced).
  @inlinable
  public func wake() {
    guard !self.isWakeScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    self.schedule { [self] in
      self.isWakeScheduled.store(false, ordering: .releasing)
      self.release()
    }
  }
}
