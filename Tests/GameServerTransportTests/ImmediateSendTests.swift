import Glibc
import Testing

@testable import GameServerTransport

/// A message sent at once on a quiet connection's socket: framed in its own headroom, and what
/// the socket did not take kept, framed, for the writable turn.
struct ImmediateSendTests {
  /// A connected pair of stream sockets, closed at the end.
  private final class SocketPair {
    let sender: Int32
    let receiver: Int32

    init() throws {
      var sockets: [Int32] = [0, 0]
      try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
      (self.sender, self.receiver) = (sockets[0], sockets[1])
    }

    deinit {
      close(self.sender)
      close(self.receiver)
    }

    /// Everything the receiving end has now.
    func drain() -> [UInt8] {
      var received: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = recv(self.receiver, &chunk, chunk.count, Int32(MSG_DONTWAIT))
        guard count > 0 else { return received }
        received += chunk[..<count]
      }
    }
  }

  private func frame(_ payload: [UInt8]) -> [UInt8] {
    var frame: [UInt8] = []
    JoinedFrames.appendHeader(of: payload.count, to: &frame)
    return frame + payload
  }

  @Test func aMessageTheSocketTakesGoesOutAsOneTextFrame() throws {
    let pair = try SocketPair()
    let payload = Array(#"{"type":"pong"}"#.utf8)
    guard case .sent = OutgoingMessage(payload).sendFramed(on: pair.sender) else {
      Issue.record("not sent whole")
      return
    }
    #expect(pair.drain() == self.frame(payload))
  }

  @Test func whatTheSocketDoesNotTakeIsKeptFramedAndFollowsOnExactly() throws {
    let pair = try SocketPair()
    // NB: A small send buffer, so that a large message fills it.
    var size: Int32 = 4096
    setsockopt(pair.sender, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
    guard case let .partial(rest) = OutgoingMessage(payload).sendFramed(on: pair.sender) else {
      Issue.record("the socket took all of it")
      return
    }
    let first = pair.drain()
    #expect(!first.isEmpty)
    #expect(first + rest.payload == self.frame(payload))
  }

  @Test func aBrokenSocketFails() throws {
    let pair = try SocketPair()
    close(pair.receiver)
    guard case .failed = OutgoingMessage([0x61]).sendFramed(on: pair.sender) else {
      Issue.record("did not fail")
      return
    }
  }
}
