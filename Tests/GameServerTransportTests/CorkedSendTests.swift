import Foundation
import Testing

@testable import GameServerTransport

/// What one round of a service thread has for a connection goes out at the round's end, in one
/// `send`, in the order it was sent; a close asked for in the same round comes after it.
struct CorkedSendTests {
  private func server() -> WebSocketServer {
    var configuration = TransportConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.eventLoop = .poll
    configuration.threads = 1
    return WebSocketServer(configuration: configuration)
  }

  /// Each client sends one message once open; what each receives, and whether it was closed.
  private func clients(
    of server: WebSocketServer, count: Int
  ) throws -> (WebSocketClients, Observed<[Int: (texts: [String], closed: Bool)]>) {
    let clients = WebSocketClients(host: "127.0.0.1", port: server.port)
    let received = Observed<[Int: (texts: [String], closed: Bool)]>([:])
    try clients.start(onEvent: { client, event in
      switch event {
      case .opened:
        clients.send(client, Array("hello \(client)".utf8))
      case let .message(bytes):
        received.update { $0[client, default: ([], false)].texts.append(String(decoding: bytes, as: UTF8.self)) }
      case .closed:
        received.update { $0[client, default: ([], false)].closed = true }
      }
    })
    clients.open(count: count)
    return (clients, received)
  }

  /// The writes made on each connection so far, read on the service thread.
  private func writes(on server: WebSocketServer) throws -> [UInt64: Int] {
    let writes = Observed<[UInt64: Int]?>(nil)
    server.schedule { writes.update { $0 = server.connections.mapValues(\.writes) } }
    try #require(writes.wait { $0 != nil })
    return writes.value ?? [:]
  }

  @Test func aRoundsMessagesForOneConnectionGoOutInOneSendInOrder() throws {
    let server = self.server()
    try server.start(onEvent: { event in
      // NB: Three answers in the round that took the message in.
      if case let .message(id, bytes) = event {
        for answer in 1...3 { server.send(id, bytes + Array(", \(answer)".utf8)) }
      }
    })
    defer { server.stop() }
    let (clients, received) = try self.clients(of: server, count: 4)
    defer { clients.stop() }
    try #require(received.wait { $0.count == 4 && $0.values.allSatisfy { $0.texts.count == 3 } })
    for (client, got) in received.value {
      #expect(got.texts == (1...3).map { "hello \(client), \($0)" })
    }
    let writes = try self.writes(on: server)
    #expect(writes.count == 4)
    #expect(writes.values.allSatisfy { $0 == 1 }, "\(writes)")
  }

  @Test func aCloseInTheSameRoundComesAfterTheMessages() throws {
    let server = self.server()
    try server.start(onEvent: { event in
      if case let .message(id, bytes) = event {
        server.send(id, bytes + Array(", 1".utf8))
        server.send(id, bytes + Array(", 2".utf8))
        server.close(id, code: 4000, reason: "done")
      }
    })
    defer { server.stop() }
    let (clients, received) = try self.clients(of: server, count: 2)
    defer { clients.stop() }
    try #require(received.wait { $0.count == 2 && $0.values.allSatisfy(\.closed) })
    for (client, got) in received.value {
      #expect(got.texts == ["hello \(client), 1", "hello \(client), 2"])
    }
  }
}
