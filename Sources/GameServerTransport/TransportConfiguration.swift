/// How the websocket transport listens and what it allows.
///
/// ```swift
/// var configuration = TransportConfiguration()
/// configuration.port = 9000
/// configuration.staticDirectory = "Public"
/// ```
public struct TransportConfiguration: Sendable {
  public var host = "127.0.0.1"
  /// 0 picks a free port (see `WebSocketServer.port`).
  public var port = 8080
  /// The folder served over HTTP at `/`, if any.
  public var staticDirectory: String?
  /// The largest message a client may send; a larger one closes the connection with 1009.
  public var maxMessageBytes = 16 * 1024
  /// The most bytes queued for a connection that does not read; past it the connection is
  /// closed with 1008 so that it holds back no one else.
  public var maxQueuedBytes = 1 << 20
  /// The most messages a connection may send per second: past it, messages are dropped with a
  /// `rate_limited` error; past twice it, the connection is closed with 1008.
  public var maxMessagesPerSecond = 50
  /// The most connections open at once, all service threads together; more are refused.
  public var maxConnections = 20_000
  /// How many service threads take connections, each with a libwebsockets context of its own.
  /// With more than one, a thread of its own accepts on the port and gives each new connection
  /// to the next service thread in turn, where it stays. 1: one thread for everything.
  public var threads = 1
  /// A PEM certificate and private key: serve https and wss instead of http and ws.
  public var tlsCertificatePath: String?
  public var tlsPrivateKeyPath: String?
  /// The `Origin` headers a websocket handshake may carry; empty allows every origin (and
  /// clients that send none, such as bots).
  public var allowedOrigins: [String] = []
  /// Seconds between pings on an idle connection (a peer that does not answer is dropped).
  public var pingInterval = 30
  /// How lws waits for events: libuv's `epoll` loop, whose cost per round does not grow with the
  /// number of connections, when it can be loaded, else lws's own `poll()` loop (`.automatic`,
  /// the default); or one of the two by name.
  public var eventLoop = EventLoop.automatic
  /// The libuv library `.libuv` and `.automatic` load (a test names a missing one).
  var libuvLibrary = UVLoop.library

  /// How the transport's thread waits for events.
  public enum EventLoop: String, Sendable, CaseIterable {
    /// libuv when it can be loaded (Debian's `libuv1`, and lws's plugin for it,
    /// `libwebsockets-evlib-uv`), else `poll`: ``WebSocketServer/eventLoop`` says which runs.
    case automatic = "auto"
    /// libwebsockets' own loop: `poll()` over every connection each round.
    case poll
    /// A libuv loop (`epoll`); needs Debian's `libuv1` and `libwebsockets-evlib-uv`, else the
    /// server does not start.
    case libuv
  }

  public init() {}
}
