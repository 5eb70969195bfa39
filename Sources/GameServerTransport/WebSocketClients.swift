import DequeModule
import Foundation
import GameServerCLibWebSockets
import Synchronization

/// Many websocket client connections on one libwebsockets service thread: what the load
/// generator and the Swift bots use.
///
/// Events arrive on the service thread; ``send(_:_:)`` must be called there too (from the event
/// handler).
///
/// ```swift
/// let clients = WebSocketClients(host: "127.0.0.1", port: 8080)
/// try clients.start { client, event in ... clients.send(client, bytes) }
/// clients.open(count: 64)
/// ```
public final class WebSocketClients: @unchecked Sendable {
  /// What happens to a client connection.
  public enum Event: Sendable {
    case opened
    case message([UInt8])
    case closed
  }

  public let host: String
  public let port: Int
  /// Local addresses the connections are bound to, in turn (loopback has about 28,000
  /// ephemeral ports per source address); empty: the system chooses.
  public let sourceAddresses: [String]
  /// How the service thread waits for events (see ``TransportConfiguration/EventLoop``).
  public let eventLoop: TransportConfiguration.EventLoop
  private var uvLoop: UVLoop?
  private let waker = Waker()
  private let memory = CMemory()
  /// Connections to open, by port.
  private let pendingOpens = Mutex<[Int: Int]>([:])
  /// The port each client connected to.
  private var ports: [Int: Int] = [:]
  private let isStopping = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)
  var connections: [Int: WebSocketConnection] = [:]
  private var nextIndex = 0
  private var onEvent: (Int, Event) -> Void = { _, _ in }
  private var onTick: () -> Void = {}

  public init(
    host: String, port: Int, sourceAddresses: [String] = [], eventLoop: TransportConfiguration.EventLoop = .poll
  ) {
    self.host = host
    self.port = port
    self.sourceAddresses = sourceAddresses
    self.eventLoop = eventLoop
  }

  /// Starts the service thread; `onEvent` gets each client's index and event, on that thread,
  /// and `onTick` is called there after each round of service (a ``wake()`` makes one).
  public func start(onEvent: @escaping (Int, Event) -> Void, onTick: @escaping () -> Void = {}) throws {
    self.onEvent = onEvent
    self.onTick = onTick
    var info = lws_context_creation_info()
    info.port = -1  // CONTEXT_PORT_NO_LISTEN
    info.protocols = self.memory.clientProtocols()
    info.user = Unmanaged.passUnretained(self).toOpaque()
    info.fd_limit_per_thread = 0
    self.uvLoop = try UVLoop.install(self.eventLoop, into: &info)
    lws_set_log_level(Int32(LLL_ERR), nil)
    guard let context = lws_create_context(&info) else {
      throw TransportError.cannotListen(host: self.host, port: self.port)
    }
    self.waker.setContext(context)
    let thread = Thread { [self] in
      guard let context = self.waker.context else { return }
      while !self.isStopping.load(ordering: .acquiring) {
        UVLoop.serviceOnce(context, on: self.uvLoop)
        self.openPending(context)
        self.onTick()
      }
      self.waker.setContext(nil)
      lws_context_destroy(context)
      self.uvLoop?.finish()
      self.finished.signal()
    }
    thread.name = "websocket-clients"
    thread.start()
  }

  /// Opens `count` more connections, to `port` (by default the one these clients were made
  /// for: a load spread over several servers on one host); safe from any thread.
  public func open(count: Int, port: Int? = nil) {
    self.pendingOpens.withLock { $0[port ?? self.port, default: 0] += count }
    self.waker.wake()
  }

  /// Makes the service thread go round once more (and call its tick); safe from any thread.
  public func wake() {
    self.waker.wake()
  }

  /// The port a client connected to; call on the service thread.
  public func port(of client: Int) -> Int? { self.ports[client] }

  /// Closes a client's connection (code 1000) once what is queued on it is written; call on the
  /// service thread.
  public func close(_ client: Int) {
    guard let connection = self.connections[client] else { return }
    connection.closing = (1000, "")
    lws_callback_on_writable(connection.wsi)
  }

  /// Queues a text message on a client; call on the service thread.
  public func send(_ client: Int, _ payload: [UInt8]) {
    self.connections[client]?.queue(OutgoingMessage(payload))
  }

  public func stop() {
    guard !self.isStopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
    self.waker.wake()
    self.finished.wait()
  }

  private func openPending(_ context: OpaquePointer) {
    let opens = self.pendingOpens.withLock { opens in
      defer { opens = [:] }
      return opens
    }
    for (port, count) in opens.sorted(by: { $0.key < $1.key }) {
      self.open(count, port: port, context)
    }
  }

  private func open(_ count: Int, port: Int, _ context: OpaquePointer) {
    for _ in 0..<count {
      var info = lws_client_connect_info()
      info.context = context
      info.address = self.memory.string(self.host)
      info.port = Int32(port)
      info.path = self.memory.string("/")
      info.host = info.address
      info.origin = info.address
      info.ietf_version_or_minus_one = -1
      info.local_protocol_name = self.memory.string("client")
      if !self.sourceAddresses.isEmpty {
        info.iface = self.memory.string(self.sourceAddresses[self.nextIndex % self.sourceAddresses.count])
      }
      self.nextIndex += 1
      self.ports[self.nextIndex] = port
      let index = UnsafeMutablePointer<Int>.allocate(capacity: 1)
      index.initialize(to: self.nextIndex)
      info.opaque_user_data = UnsafeMutableRawPointer(index)
      _ = lws_client_connect_via_info(&info)
    }
  }

  func handleClient(
    _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
  ) -> Int32 {
    guard let user else { return 0 }
    let index = user.load(as: Int.self)
    switch reason {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
      self.connections[index] = WebSocketConnection(id: UInt64(index), wsi: wsi)
      self.onEvent(index, .opened)
    case LWS_CALLBACK_CLIENT_RECEIVE:
      guard let connection = self.connections[index] else { return 0 }
      // NB: A load generator trusts its server; the limit only keeps the arithmetic safe.
      guard connection.append(input, count: length, announced: lws_remaining_packet_payload(wsi), limit: 1 << 30)
      else { return -1 }
      if connection.isMessageComplete { self.onEvent(index, .message(connection.takeMessage())) }
    case LWS_CALLBACK_CLIENT_WRITEABLE:
      guard let connection = self.connections[index] else { return 0 }
      if connection.outgoing.isEmpty, connection.closing != nil {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, nil, 0)
        return -1
      }
      guard connection.writeNext() else { return -1 }
      if connection.outgoing.isEmpty, connection.closing != nil { lws_callback_on_writable(wsi) }
    case LWS_CALLBACK_CLIENT_CLOSED, LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
      self.ports[index] = nil
      if self.connections.removeValue(forKey: index) != nil || reason == LWS_CALLBACK_CLIENT_CONNECTION_ERROR {
        self.onEvent(index, .closed)
      }
    default:
      break
    }
    return 0
  }
}
