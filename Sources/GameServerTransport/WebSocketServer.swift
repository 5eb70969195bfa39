import Foundation
import GameServerCLibWebSockets
import Glibc
import Synchronization

/// A websocket server on libwebsockets. Each service thread (``TransportConfiguration/threads``,
/// one by default) has a context of its own and owns its connections (with several, an
/// ``Acceptor`` takes them in on the port and deals them out in turn); other threads hand it
/// work through a locked inbox and a wake-up (`lws_cancel_service`). ``send(_:_:)`` and
/// ``close(_:code:reason:)`` find the thread a connection is on from its id (``thread(of:)``).
///
/// The first thread also runs what `start` is given to run between its lws calls
/// (`runPending`), woken by ``wake()``: a server runs its store's executor there, so that the
/// transport, the store and its effects share one thread with no hops. It knows nothing else of
/// the server: bytes, connections and that hook.
///
/// ```swift
/// let server = WebSocketServer(configuration: configuration)
/// let executor = StoreExecutor(wakingWith: { server.wake() })
/// try server.start(onEvent: { event in ... }, runPending: { executor.runPending() })
/// server.send(id, Array(json.utf8))
/// ```
public final class WebSocketServer: @unchecked Sendable {
  public let configuration: TransportConfiguration
  /// The port listened on (the chosen one when the configuration says 0).
  public private(set) var port = 0

  let inbox = Inbox()
  let waker = Waker()
  /// The service thread's id, once it serves (0 before): work pushed from it is done at once.
  let serviceThread = Atomic<UInt>(0)
  private let isStopping = Atomic<Bool>(false)
  private var thread: Thread?
  private let finished = DispatchSemaphore(value: 0)

  // Service-thread state.
  var connections: [UInt64: WebSocketConnection] = [:]
  /// The connections this round holds messages for (``WebSocketConnection/corked``), sent at
  /// the round's end (``flushCorked()``).
  var corked: [WebSocketConnection] = []
  var nextID: UInt64 = 0
  var onEvent: (TransportEvent) -> Void = { _ in }
  /// Runs on the service thread after each round of events and queued work.
  var onRoundEnd: () -> Void = {}
  /// Runs on the service thread before each round's queued work: what ``wake()`` asks for.
  var runPending: () -> Void = {}
  /// HTTP paths answered by code, on the service thread: `/healthz` and whatever
  /// ``start(onEvent:routes:)`` adds.
  var routes: [String: HTTPRoute] = [:]
  private let memory = CMemory()
  /// The libuv loop lws runs on, when the configuration asks for it.
  private var uvLoop: UVLoop?
  var isOnLibUV: Bool { self.uvLoop != nil }
  /// The event loop the transport runs on, once started: `.libuv` or `.poll`.
  public var eventLoop: TransportConfiguration.EventLoop { self.isOnLibUV ? .libuv : .poll }

  /// This service thread's place among the server's: 0 for the first, which is the one the
  /// public methods are called on and which runs `runPending` and `onRoundEnd`.
  let index: Int
  /// How many service threads the server has: a connection's id modulo this is its thread.
  let stride: UInt64
  /// The other service threads, on the first (empty on the others).
  private(set) var others: [WebSocketServer] = []
  /// The connections open on every thread together, against ``TransportConfiguration/maxConnections``.
  let openConnections: ConnectionCount
  /// With several threads: the listening socket, whose connections each thread adopts (its
  /// context listens on nothing of its own).
  private var acceptor: Acceptor?
  private var adoptsOnly = false
  /// The context's vhost, which adopted connections join.
  private var vhost: OpaquePointer?
  private var isStarted = false

  public init(configuration: TransportConfiguration) {
    self.configuration = configuration
    self.index = 0
    self.stride = UInt64(max(1, configuration.threads))
    self.openConnections = ConnectionCount()
  }

  private init(
    sibling configuration: TransportConfiguration, index: Int, stride: UInt64, openConnections: ConnectionCount
  ) {
    self.configuration = configuration
    self.index = index
    self.stride = stride
    self.openConnections = openConnections
  }

  /// How many service threads take connections.
  public var threads: Int { Int(self.stride) }

  /// The service thread (0 to ``threads`` − 1) a connection is on.
  public func thread(of connection: WebSocketID) -> Int { Int(connection.rawValue % self.stride) }

  /// How many connections are open on each service thread, the first's first.
  public var connectionsByThread: [Int] {
    ([self] + self.others).map { $0.openHere.load(ordering: .relaxed) }
  }

  /// The connections open on this service thread.
  let openHere = Atomic<Int>(0)

  /// Whether the caller runs on the first service thread (the one `runPending` runs on).
  public var isOnFirstThread: Bool { self.serviceThread.load(ordering: .relaxed) == Self.currentThread }

  /// The service thread that owns a connection.
  func owner(of connection: UInt64) -> WebSocketServer {
    let thread = Int(connection % self.stride)
    return thread == 0 || thread > self.others.count ? self : self.others[thread - 1]
  }

  /// Starts listening; returns once the socket is open. `onEvent` runs on the service thread,
  /// and so do `runPending`, before each round's queued work (when ``wake()`` asked for it,
  /// and at least once a second), and `onRoundEnd`, after each round of events and queued work
  /// (a server starts committing what the round wrote there).
  ///
  /// With several threads, `onEvent` and the routes run on the thread of the connection they
  /// are about (any of them), `runPending` and `onRoundEnd` on the first only.
  public func start(
    onEvent: @escaping (TransportEvent) -> Void,
    routes: [String: HTTPRoute] = [:],
    onRoundEnd: @escaping () -> Void = {},
    runPending: @escaping () -> Void = {}
  ) throws {
    try self.start(
      onEvent: onEvent, routes: routes, onRoundEnd: { $0 == 0 ? onRoundEnd : {} },
      runPending: { $0 == 0 ? runPending : {} })
  }

  /// Starts listening, with work of its own for each service thread: `runPending(k)` and
  /// `onRoundEnd(k)` give what thread `k` runs (as ``start(onEvent:routes:onRoundEnd:runPending:)``
  /// gives the first's), woken by ``wake(thread:)``: a server with a store on every thread (its
  /// room shards) runs each store's executor on its own thread.
  public func start(
    onEvent: @escaping (TransportEvent) -> Void,
    routes: [String: HTTPRoute] = [:],
    onRoundEnd: (_ thread: Int) -> () -> Void,
    runPending: (_ thread: Int) -> () -> Void
  ) throws {
    precondition(self.index == 0, "start the first service thread; it starts the others")
    guard self.stride > 1 else {
      try self.startThread(onEvent: onEvent, routes: routes, onRoundEnd: onRoundEnd(0), runPending: runPending(0))
      return
    }
    let acceptor = try Acceptor(host: self.configuration.host, port: self.configuration.port)
    self.acceptor = acceptor
    self.others = (1..<Int(self.stride)).map { index in
      WebSocketServer(
        sibling: self.configuration, index: index, stride: self.stride, openConnections: self.openConnections)
    }
    for server in [self] + self.others {
      server.adoptsOnly = true
      do {
        try server.startThread(
          onEvent: onEvent, routes: routes, onRoundEnd: onRoundEnd(server.index), runPending: runPending(server.index))
      } catch {
        self.stop()
        throw error
      }
    }
    self.port = acceptor.port
    acceptor.start(handingTo: [self] + self.others)
  }

  /// Takes in a connection accepted on another thread (``Acceptor``); safe from any thread.
  func adopt(_ socket: Int32) {
    if self.inbox.push(.adopt(socket)) { self.waker.wake() }
  }

  private func startThread(
    onEvent: @escaping (TransportEvent) -> Void,
    routes: [String: HTTPRoute],
    onRoundEnd: @escaping () -> Void,
    runPending: @escaping () -> Void
  ) throws {
    self.onEvent = onEvent
    self.onRoundEnd = onRoundEnd
    self.runPending = runPending
    self.routes = routes.merging(["/healthz": { HTTPResponse(contentType: "text/plain", body: "ok\n") }]) { a, _ in a }
    let ready = DispatchSemaphore(value: 0)
    let failure = Mutex<(any Error)?>(nil)
    let name = self.index == 0 ? "websockets" : "websockets-\(self.index)"
    let thread = Thread { [self] in
      nameCurrentThread(name)
      do {
        try self.createContext()
      } catch {
        failure.withLock { $0 = error }
        ready.signal()
        self.finished.signal()
        return
      }
      ready.signal()
      self.serve()
      self.finished.signal()
    }
    thread.name = name
    thread.stackSize = 4 << 20
    self.thread = thread
    self.isStarted = true
    thread.start()
    ready.wait()
    if let error = failure.withLock({ $0 }) { throw error }
  }

  /// Queues a text message for a connection; returns at once. Safe from any thread.
  public func send(_ connection: WebSocketID, _ payload: [UInt8]) {
    self.owner(of: connection.rawValue).push(.send(connection.rawValue, OutgoingMessage(payload)))
  }

  /// Closes a connection with a websocket close code, after what is queued for it.
  public func close(_ connection: WebSocketID, code: Int, reason: String) {
    self.owner(of: connection.rawValue).push(.close(connection.rawValue, code: code, reason: reason))
  }

  /// Wakes the service thread, from any thread, to run `runPending` (a store's executor's
  /// `wakingWith`); before `start`, nothing.
  public func wake() {
    self.waker.wake()
  }

  /// Runs `work` on the service thread, soon; returns at once. Safe from any thread.
  public func schedule(_ work: @escaping @Sendable () -> Void) {
    if self.inbox.push(.run(work)) { self.waker.wake() }
  }

  /// Closes every connection with 1001 (going away) once its queued messages are written, then
  /// stops the service threads.
  public func stop() {
    self.acceptor?.stop()
    let stopping = ([self] + self.others).filter { server in
      server.isStarted && !server.isStopping.exchange(true, ordering: .acquiringAndReleasing)
    }
    for server in stopping { server.waker.wake() }
    for server in stopping { server.finished.wait() }
  }

  func push(_ command: InboxCommand) {
    // NB: The store runs on the service thread, so most commands come from it: carry them out
    // at once instead of through the inbox and a wake-up of the loop we are already in.
    if self.serviceThread.load(ordering: .relaxed) == Self.currentThread {
      self.perform(command)
      return
    }
    if self.inbox.push(command) { self.waker.wake() }
  }

  private func createContext() throws {
    var info = lws_context_creation_info()
    // NB: CONTEXT_PORT_NO_LISTEN_SERVER: a server that listens on nothing, for adopted sockets.
    info.port = self.adoptsOnly ? -2 : Int32(self.configuration.port)
    info.iface = self.memory.string(self.configuration.host)
    info.protocols = self.memory.protocols()
    info.mounts = self.memory.mounts(
      routes: self.routes.keys.sorted(), directory: self.configuration.staticDirectory)
    info.user = Unmanaged.passUnretained(self).toOpaque()
    // NB: No `retry_and_idle_policy`: lws 4.1.6 re-files a connection's ping timer in one sorted
    //     list on every frame it receives, a walk of the list each time (at 19,000 connections,
    //     80% of the server's CPU). ``sweepIdleConnections(now:)`` pings and drops instead.
    info.timeout_secs = 20
    // NB: A listening socket that cannot be bound fails here rather than leaving a server that
    // listens nowhere.
    info.options |= clws_option_fail_upon_unable_to_bind()
    if Self.isIPv4Literal(self.configuration.host) {
      // NB: With IPv6 on, lws 4.1.6 binds every address for an IPv4 literal (127.0.0.1 would
      // listen on all interfaces).
      info.options |= clws_option_disable_ipv6()
    }
    if let certificate = self.configuration.tlsCertificatePath, let key = self.configuration.tlsPrivateKeyPath {
      info.options |= clws_option_ssl_global_init()
      info.ssl_cert_filepath = self.memory.string(certificate)
      info.ssl_private_key_filepath = self.memory.string(key)
      // NB: Over HTTP/2 a websocket skips the HTTP/1.1 upgrade and its checks: offer HTTP/1.1
      // only.
      info.alpn = self.memory.string("http/1.1")
    }
    self.uvLoop = try UVLoop.install(
      self.configuration.eventLoop, library: self.configuration.libuvLibrary, into: &info)
    lws_set_log_level(Int32(LLL_ERR) | Int32(LLL_WARN), emitLibWebSocketsLog)
    var made = lws_create_context(&info)
    if made == nil, self.configuration.eventLoop == .automatic, let loop = self.uvLoop {
      // NB: libuv loaded, but lws could not run on it (its plugin, libwebsockets-evlib-uv, is
      //     missing): lws's own loop instead.
      loop.abandon(&info)
      self.uvLoop = nil
      made = lws_create_context(&info)
    }
    guard let context = made else {
      throw TransportError.cannotListen(host: self.configuration.host, port: self.configuration.port)
    }
    let vhost = lws_get_vhost_by_name(context, "default")
    if let certificate = self.configuration.tlsCertificatePath, vhost == nil {
      // NB: lws makes the context even when its TLS vhost fails (a key that is not the
      //     certificate's, a file it cannot read as PEM): a server that would reset every
      //     connection. It stops here instead.
      lws_context_destroy(context)
      throw TransportError.tlsUnusable(certificate: certificate, key: self.configuration.tlsPrivateKeyPath ?? "")
    }
    self.waker.setContext(context)
    self.vhost = vhost
    if self.adoptsOnly {
      self.port = self.configuration.port
    } else if let vhost = self.vhost {
      self.port = Int(lws_get_vhost_listen_port(vhost))
    } else {
      self.port = self.configuration.port
    }
  }

  /// The calling thread's id.
  static var currentThread: UInt { UInt(pthread_self()) }

  private func serve() {
    guard let context = self.waker.context else { return }
    self.serviceThread.store(Self.currentThread, ordering: .relaxed)
    self.runPending()
    // NB: Wakes the loop every second for the idle sweep, even when nothing else happens.
    let tickerName = self.index == 0 ? "ticker" : "ticker-\(self.index)"
    let ticker = Thread { [self] in
      // NB: Named, or it keeps the name of the service thread that made it (`top -H` showed two
      //     `websockets` threads, one of them idle).
      nameCurrentThread(tickerName)
      while !self.isStopping.load(ordering: .acquiring) {
        sleep(1)
        self.waker.wake()
      }
    }
    ticker.name = tickerName
    ticker.start()
    var nextSweep = monotonicNanoseconds() + 1_000_000_000
    while !self.isStopping.load(ordering: .acquiring) {
      UVLoop.serviceOnce(context, on: self.uvLoop)
      self.serviceWork()
      self.onRoundEnd()
      self.flushCorked()
      let now = monotonicNanoseconds()
      if now >= nextSweep {
        self.sweepIdleConnections(now: now)
        nextSweep = now + 1_000_000_000
      }
    }
    // NB: What other threads queued for this one's connections before the stop goes out first.
    self.serviceWork()
    self.flushCorked()
    for connection in self.connections.values {
      connection.closing = (1001, "server shutting down")
      lws_callback_on_writable(connection.wsi)
    }
    var rounds = 0
    while !self.connections.isEmpty, rounds < 200 {
      UVLoop.serviceOnce(context, on: self.uvLoop)
      self.serviceWork()
      self.onRoundEnd()
      self.flushCorked()
      rounds += 1
    }
    self.waker.setContext(nil)
    lws_context_destroy(context)
    self.uvLoop?.finish()
  }

  /// Whether `host` is written as an IPv4 address (`127.0.0.1`).
  static func isIPv4Literal(_ host: String) -> Bool {
    var address = in_addr()
    return inet_pton(AF_INET, host, &address) == 1
  }

  /// Runs queued store jobs and takes in the inbox.
  func serviceWork() {
    self.runPending()
    for command in self.inbox.drain() { self.perform(command) }
  }

  private func perform(_ command: InboxCommand) {
    switch command {
    case let .send(id, message):
      guard let connection = self.connections[id] else { return }
      self.enqueue(message, on: connection)
    case let .close(id, code, reason):
      guard let connection = self.connections[id], connection.closing == nil, !connection.isClosed else { return }
      connection.closing = (code, reason)
      lws_callback_on_writable(connection.wsi)
    case let .run(work):
      work()
    case let .adopt(socket):
      // NB: On failure lws closes the socket itself.
      guard let vhost = self.vhost else {
        Glibc.close(socket)
        return
      }
      _ = lws_adopt_socket_vhost(vhost, socket)
    }
  }
}
