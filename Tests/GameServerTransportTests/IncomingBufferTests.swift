import Testing

@testable import GameServerTransport

/// A connection receives each message into the buffer of the one before, once that one was
/// handed on: what was handed on keeps its bytes, and a long message's buffer is not kept.
struct IncomingBufferTests {
  /// A connection that is never written to or read from lws (`append` does not touch it).
  func connection() -> WebSocketConnection {
    WebSocketConnection(id: 1, wsi: OpaquePointer(bitPattern: 0x1000)!)
  }

  func receive(_ text: String, on connection: WebSocketConnection) {
    var bytes = Array(text.utf8)
    let taken = bytes.withUnsafeMutableBytes {
      connection.append($0.baseAddress, count: $0.count, announced: 0, limit: 1 << 20)
    }
    #expect(taken)
  }

  func address(_ bytes: [UInt8]) -> UnsafeRawPointer? {
    bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func aMessageHandedOnKeepsItsBytes() {
    let connection = self.connection()
    self.receive(#"{"v":1,"type":"queue","game":"ticTacToe"}"#, on: connection)
    let first = connection.incoming
    connection.finishMessage()
    self.receive(#"{"v":1}"#, on: connection)
    #expect(String(decoding: first, as: UTF8.self) == #"{"v":1,"type":"queue","game":"ticTacToe"}"#)
    #expect(String(decoding: connection.incoming, as: UTF8.self) == #"{"v":1}"#)
  }

  @Test func theNextMessageGoesIntoTheSameBuffer() {
    let connection = self.connection()
    self.receive(#"{"v":1,"type":"mark","cell":{"row":1,"column":2}}"#, on: connection)
    let buffer = self.address(connection.incoming)
    let length = connection.incoming.count
    connection.finishMessage()
    #expect(connection.incoming.isEmpty)
    #expect(connection.incoming.capacity >= length)
    self.receive(#"{"v":1,"type":"mark","cell":{"row":0,"column":0}}"#, on: connection)
    #expect(self.address(connection.incoming) == buffer)
    #expect(
      String(decoding: connection.incoming, as: UTF8.self) == #"{"v":1,"type":"mark","cell":{"row":0,"column":0}}"#)
  }

  @Test func aLongMessagesBufferIsLetGo() {
    let connection = self.connection()
    self.receive(String(repeating: "a", count: WebSocketConnection.keptCapacity + 1), on: connection)
    connection.finishMessage()
    #expect(connection.incoming.capacity == 0)
  }
}
