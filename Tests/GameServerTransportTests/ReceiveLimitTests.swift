import Testing

@testable import GameServerTransport

/// The lengths a peer announces are hostile: adding them up must never trap.
struct ReceiveLimitTests {
  /// A connection that is never written to or read from lws (`append` does not touch it).
  func connection() -> WebSocketConnection {
    WebSocketConnection(id: 1, wsi: OpaquePointer(bitPattern: 0x1000)!)
  }

  @Test func aFrameAnnouncingMoreThanTheLimitIsRefused() {
    let connection = self.connection()
    var bytes: [UInt8] = Array("{".utf8)
    let appended = bytes.withUnsafeMutableBytes { buffer in
      connection.append(buffer.baseAddress, count: 1, announced: 0, limit: 16)
    }
    #expect(appended)
    // The continuation that crashed the server: 2^63 - 1 bytes announced after one received.
    let refused = bytes.withUnsafeMutableBytes { buffer in
      connection.append(buffer.baseAddress, count: 1, announced: Int.max, limit: 16)
    }
    #expect(!refused)
    #expect(connection.incoming == Array("{".utf8))
  }

  @Test(arguments: [
    (0, Int.max), (Int.max, 0), (Int.max, Int.max), (17, 0), (0, 17), (8, 9), (-1, 0), (0, -1),
  ])
  func lengthsPastTheLimitAreRefusedWithoutTrapping(count: Int, announced: Int) {
    let connection = self.connection()
    #expect(!connection.append(nil, count: count, announced: announced, limit: 16))
  }

  @Test func lengthsUpToTheLimitAreTaken() {
    let connection = self.connection()
    var bytes = [UInt8](repeating: 0x61, count: 8)
    let first = bytes.withUnsafeMutableBytes { connection.append($0.baseAddress, count: 8, announced: 8, limit: 16) }
    let second = bytes.withUnsafeMutableBytes { connection.append($0.baseAddress, count: 8, announced: 0, limit: 16) }
    #expect(first && second)
    #expect(connection.incoming.count == 16)
    #expect(!connection.append(nil, count: 0, announced: 1, limit: 16))
  }

  @Test func closeCodesAPeerMaySend() {
    let valid = (0...70_000).filter(WebSocketServer.isValidPeerCloseCode)
    #expect(valid == Array(1000...1003) + Array(1007...1014) + Array(3000...4999))
  }

  @Test func ipv4Literals() {
    #expect(WebSocketServer.isIPv4Literal("127.0.0.1"))
    #expect(WebSocketServer.isIPv4Literal("0.0.0.0"))
    #expect(!WebSocketServer.isIPv4Literal("::1"))
    #expect(!WebSocketServer.isIPv4Literal("localhost"))
    #expect(!WebSocketServer.isIPv4Literal("256.0.0.1"))
  }
}
