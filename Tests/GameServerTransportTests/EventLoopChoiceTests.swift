import Glibc
import Testing

@testable import GameServerTransport

/// Which event loop a server runs on: the default takes libuv where it loads and lws's own loop
/// where it does not; asking for libuv by name on a machine without it is an error.
struct EventLoopChoiceTests {
  private func configuration(_ eventLoop: TransportConfiguration.EventLoop, libuv: String) -> TransportConfiguration {
    var configuration = TransportConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.eventLoop = eventLoop
    configuration.libuvLibrary = libuv
    return configuration
  }

  /// The body of `GET /healthz` on `port`, read off a plain socket.
  private func health(port: Int) throws -> String {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(connected == 0)
    let request = Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
    try #require(Glibc.send(socket, request, request.count, 0) == request.count)
    var response: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(socket, &chunk, chunk.count, 0)
      guard count > 0 else { break }
      response += chunk[..<count]
    }
    return String(decoding: response, as: UTF8.self)
  }

  @Test func theDefaultServesOnPollWhereLibuvDoesNotLoad() throws {
    let server = WebSocketServer(configuration: self.configuration(.automatic, libuv: "libuv-not-here.so.1"))
    try server.start(onEvent: { _ in })
    defer { server.stop() }
    #expect(server.eventLoop == .poll)
    #expect(try self.health(port: server.port).hasSuffix("ok\n"))
  }

  @Test func libuvByNameIsRefusedWhereItDoesNotLoad() {
    let server = WebSocketServer(configuration: self.configuration(.libuv, libuv: "libuv-not-here.so.1"))
    #expect(throws: TransportError.self) { try server.start(onEvent: { _ in }) }
  }

  @Test(.enabled(if: EventLoopChoiceTests.libuvIsInstalled))
  func theDefaultServesOnLibuvWhereItLoads() throws {
    let server = WebSocketServer(configuration: self.configuration(.automatic, libuv: UVLoop.library))
    try server.start(onEvent: { _ in })
    defer { server.stop() }
    #expect(server.eventLoop == .libuv)
    #expect(try self.health(port: server.port).hasSuffix("ok\n"))
  }

  /// Whether libuv and lws's plugin for it are on this machine (deploy/deployment/setup.sh installs both).
  static var libuvIsInstalled: Bool {
    ["libuv.so.1", "libwebsockets-evlib_uv.so"].allSatisfy { name in
      guard let handle = dlopen(name, RTLD_NOW) else { return false }
      dlclose(handle)
      return true
    }
  }
}
