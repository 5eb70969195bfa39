import Foundation
import Glibc
import Synchronization

/// The listening socket of a server with several service threads, and the thread that accepts
/// on it: each new connection is handed, in turn, to the next service thread, which adopts it
/// into its libwebsockets context (`lws_adopt_socket_vhost`).
///
/// (libwebsockets here is built for one service thread per context, and then ignores its option
/// to share a port between contexts; one socket and a hand-off per connection, not per message,
/// does it instead, and spreads the connections evenly.)
final class Acceptor: @unchecked Sendable {
  /// The port listened on (the chosen one when asked for 0).
  let port: Int
  private let socket: Int32
  private let finished = DispatchSemaphore(value: 0)
  private let isStopping = Atomic<Bool>(false)
  private var isStarted = false

  /// Binds and listens on `host`:`port` (a port in use by anyone else, however shared, fails).
  init(host: String, port: Int) throws {
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else {
      throw TransportError.cannotListen(host: host, port: port)
    }
    defer { freeaddrinfo(found) }
    let socket = Glibc.socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw TransportError.cannotListen(host: host, port: port) }
    // NB: As lws's own listening socket: a restart binds again past connections in TIME_WAIT.
    var on: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    guard bind(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0, listen(socket, 4096) == 0 else {
      Glibc.close(socket)
      throw TransportError.cannotListen(host: host, port: port)
    }
    var bound = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &bound) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    self.port = withUnsafePointer(to: &bound) { pointer in
      pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
    }
    self.socket = socket
  }

  /// Accepts on a thread of its own, giving connection k to `targets[k % targets.count]`.
  func start(handingTo targets: [WebSocketServer]) {
    self.isStarted = true
    let thread = Thread { [self] in
      nameCurrentThread("accept")
      var next = 0
      while !self.isStopping.load(ordering: .acquiring) {
        let connection = accept(self.socket, nil, nil)
        guard connection >= 0 else {
          let error = errno
          if error == EINTR || error == ECONNABORTED || error == EAGAIN { continue }
          if error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM {
            // NB: Out of descriptors: the connection waits in the backlog until one is closed.
            usleep(10_000)
            continue
          }
          break
        }
        // NB: As lws sets on the connections it accepts itself.
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
        var on: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        targets[next].adopt(connection)
        next = (next + 1) % targets.count
      }
      self.finished.signal()
    }
    thread.name = "websockets-accept"
    thread.start()
  }

  /// Stops accepting (new connections are refused) and closes the socket.
  func stop() {
    guard !self.isStopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
    // NB: Wakes the blocked accept (it fails with EINVAL).
    shutdown(self.socket, Int32(SHUT_RDWR))
    if self.isStarted { self.finished.wait() }
    Glibc.close(self.socket)
  }
}
