import Foundation
import GameServerDatabase
import GameServerWire

/// One room shard's edge with whatever carries its clients' bytes: the live transport, or the
/// testing kit's clients. The only way in and the only way out, so that the server behaves the
/// same behind either.
///
/// - **In**: a connection's event becomes the root store's action (a message read through the
///   wire's decoder; one that cannot be read is answered with what is wrong with it), and goes to
///   the store once it is installed (what comes before waits for it).
/// - **Out**: the store's ``channel`` writes each message's JSON at once and holds it at the
///   ``CommitGate`` until the room-log line it shows is committed; a message whose line failed is
///   dropped, and a request it answered is answered `unavailable` instead. What passes goes to
///   the ``Sink``.
///
/// ```swift
/// let edge = ServerEdge(status: database.roomLogStatus, sink: sink, schedule: { work in run(work) })
/// let store = Store(initialState: Server.State()) { Server() } withDependencies: {
///   $0.clientChannel = edge.channel
/// }
/// edge.install { store.send($0) }
/// edge.receive(.message(bytes), on: connection)
/// // the database committed: edge.committed(onGateThread: true)
/// ```
public final class ServerEdge: @unchecked Sendable {
  /// What happened on a connection, as a transport tells it.
  public enum Event: Equatable, Sendable {
    case connected
    /// A complete text message.
    case message([UInt8])
    /// The peer sent more than `perSecond` messages a second: its message was dropped.
    case rateLimited(perSecond: Int)
    case disconnected
  }

  /// Where the bytes of the messages that pass the gate go: the transport's connections, or a
  /// test's clients.
  public struct Sink: Sendable {
    /// One message's JSON to a connection, after what went to it before.
    public var send: @Sendable (ConnectionID, [UInt8]) -> Void
    /// Closes a connection with a websocket close code and reason, after what went before.
    public var close: @Sendable (ConnectionID, _ code: Int, _ reason: String) -> Void

    public init(
      send: @escaping @Sendable (ConnectionID, [UInt8]) -> Void,
      close: @escaping @Sendable (ConnectionID, _ code: Int, _ reason: String) -> Void
    ) {
      self.send = send
      self.close = close
    }
  }

  /// What the edge tells of the traffic it carries, for metrics: all optional.
  public struct Observer: Sendable {
    /// A message read (on the thread that read it).
    public var read: @Sendable (ClientRequest) -> Void = { _ in }
    /// A message that could not be read, or was refused for its rate.
    public var unread: @Sendable () -> Void = {}
    /// An error answered.
    public var rejected: @Sendable () -> Void = {}
    /// A message dropped because the log line it showed failed (or too many were held): its
    /// connection and its JSON.
    public var dropped: @Sendable (ConnectionID, [UInt8]) -> Void = { _, _ in }
    /// How long the store took to handle a message it was given.
    public var handled: @Sendable (Duration) -> Void = { _ in }

    public init() {}
  }

  /// A message on its way out: its JSON and the request it answers, or a close.
  struct Outgoing {
    var connection: ConnectionID
    var bytes: [UInt8]
    var replyTo: String?
    var close: (code: Int, reason: String)?
  }

  /// What the store sends its messages with.
  public let channel: ClientChannel
  let gate: CommitGate<Outgoing>
  private let observer: Observer
  // NB: Touched on the store's thread only, as the gate is.
  private var send: ((Server.Action) -> Void)?
  private var pending: [Server.Action] = []

  /// - Parameters:
  ///   - status: Where a room-log line stands (the database's `roomLogStatus`).
  ///   - sink: Where the messages that pass go.
  ///   - schedule: Runs work on the store's thread (after the database commits elsewhere).
  ///   - observer: What the edge tells of its traffic.
  public init(
    status: @escaping @Sendable (RoomLogTicket) -> RoomLogStatus, sink: Sink,
    schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void, observer: Observer = Observer()
  ) {
    self.observer = observer
    let gate = CommitGate<Outgoing>(
      status: status,
      deliver: { outgoing in
        if let close = outgoing.close {
          sink.close(outgoing.connection, close.code, close.reason)
        } else {
          sink.send(outgoing.connection, outgoing.bytes)
        }
      },
      drop: { outgoing in
        observer.dropped(outgoing.connection, outgoing.bytes)
        // NB: A request whose answer showed a line that was not saved is still answered.
        guard let answer = Self.answer(toDropped: outgoing.replyTo) else { return }
        sink.send(outgoing.connection, answer.jsonBytes)
      },
      schedule: schedule)
    self.gate = gate
    self.channel = ClientChannel(
      deliver: { connection, message, ticket in
        if case .error = message { observer.rejected() }
        gate.send(Outgoing(connection: connection, bytes: message.jsonBytes, replyTo: message.replyTo), after: ticket)
      },
      close: { connection, code, reason in
        gate.send(Outgoing(connection: connection, bytes: [], close: (code, reason)), after: nil)
      }
    )
  }

  // MARK: In

  /// The root store's action for an event on `connection`: a message is read through the
  /// wire's decoder, and one that cannot be read is answered with what is wrong with it.
  public static func action(_ event: Event, on connection: ConnectionID) -> Server.Action {
    switch event {
    case .connected:
      return .connected(connection)
    case let .message(bytes):
      switch ClientRequest.decoding(bytes) {
      case let .success(request): return .received(connection, request)
      case let .failure(error): return .malformed(connection, error)
      }
    case let .rateLimited(perSecond):
      return .malformed(connection, .rateLimited(perSecond: perSecond))
    case .disconnected:
      return .disconnected(connection)
    }
  }

  /// The action for an event, told to the observer. Safe on any thread (the store is not
  /// touched): another service thread reads the messages of its connections.
  public func action(for event: Event, on connection: ConnectionID) -> Server.Action {
    let action = Self.action(event, on: connection)
    switch action {
    case let .received(_, request): self.observer.read(request)
    case .malformed: self.observer.unread()
    default: break
    }
    return action
  }

  /// Reads an event and hands its action to the store (on the store's thread).
  public func receive(_ event: Event, on connection: ConnectionID) {
    let start = ContinuousClock.now
    let action = self.action(for: event, on: connection)
    self.send(action)
    if case .message = event { self.observer.handled(.now - start) }
  }

  /// Hands an action to the store (on the store's thread); before the store is installed, it
  /// waits.
  public func send(_ action: Server.Action) {
    guard let send = self.send else {
      self.pending.append(action)
      return
    }
    send(action)
  }

  /// The store's way in, once it exists: what waited goes to it first.
  public func install(_ send: @escaping (Server.Action) -> Void) {
    self.send = send
    for action in self.pending { send(action) }
    self.pending = []
  }

  // MARK: Out

  /// The database committed: on the store's thread the messages that waited go at once;
  /// elsewhere the store's thread is asked to let them go.
  public func committed(onStoreThread: Bool) {
    if onStoreThread { self.gate.release() } else { self.gate.wake() }
  }

  /// Lets the messages whose lines are committed go (on the store's thread): what a stop does
  /// once the last writes are.
  public func release() {
    self.gate.release()
  }

  /// Messages held for their lines now.
  public var heldCount: Int { self.gate.heldCount }

  /// Messages dropped so far: their line failed, or too many were held.
  public var dropped: Int { self.gate.dropped }

  /// What goes out instead of a message never delivered because the log line it shows failed:
  /// the `unavailable` error answering its request, when it answered one.
  public static func answer(toDropped replyTo: String?) -> ServerMessage? {
    replyTo.map { .error(.roomUnavailable(requestID: $0)) }
  }
}

/// The edges the database's commits reach: set once the edges exist, which is after the
/// database (whose commits they wait for) was made.
public final class ServerEdgeCommits: @unchecked Sendable {
  // NB: A lock and a stored closure, not a Mutex of the closure: reading a closure through
  // `withLock`'s `inout` converts it to the generic form and back, wrapping it in two more thunks
  // each time (after n commits a call went through 2n thunks).
  private let lock = NSLock()
  private var edges: [(edge: ServerEdge, thread: Int)] = []
  private var currentThread: @Sendable () -> Int? = { nil }

  public init() {}

  /// The edges, each with the thread of its store, and how to tell the thread a commit runs on.
  public func set(_ edges: [(edge: ServerEdge, thread: Int)], currentThread: @escaping @Sendable () -> Int?) {
    self.lock.lock()
    self.edges = edges
    self.currentThread = currentThread
    self.lock.unlock()
  }

  /// The database committed: each edge lets its messages go, at once when the commit ran on its
  /// store's thread.
  public func fire() {
    self.lock.lock()
    let (edges, currentThread) = (self.edges, self.currentThread)
    self.lock.unlock()
    let current = currentThread()
    for (edge, thread) in edges { edge.committed(onStoreThread: current == thread) }
  }
}
