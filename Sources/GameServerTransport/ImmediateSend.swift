import GameServerCLibWebSockets
import Glibc

/// What became of a message sent straight to a connection's socket
/// (``OutgoingMessage/sendFramed(on:)``).
enum ImmediateSend {
  /// The socket took all of it.
  case sent
  /// The socket took part of it, or none: the rest, already framed, to be written unframed
  /// (`LWS_WRITE_HTTP`) before anything else.
  case partial(rest: OutgoingMessage)
  /// The socket failed: the connection is broken.
  case failed
}

extension OutgoingMessage {
  /// Frames this text message in its own headroom and sends it on `socket` at once, instead of
  /// asking lws for a writable turn: on a quiet connection that turn costs two `epoll_ctl`
  /// calls (watch for writable, stop watching) and a trip round the event loop per message.
  ///
  /// Only for a server's plain-TCP connection (no TLS, not an HTTP/2 stream) with nothing
  /// queued and nothing left in lws's own buffer: then no other frame is under way, and a whole
  /// frame sent here cannot cut into one.
  func sendFramed(on socket: Int32) -> ImmediateSend {
    let headroom = clws_pre()
    let headerCount = JoinedFrames.headerCount(self.count)
    // NB: LWS_PRE is 16 bytes: room for the longest header (10).
    precondition(headerCount <= headroom, "LWS_PRE leaves no room for a frame header")
    return self.buffer.withUnsafeMutableBufferPointer { buffer -> ImmediateSend in
      let frame = buffer.baseAddress! + headroom - headerCount
      // NB: The same bytes lws writes there for a text frame, so a buffer shared with
      // connections that write it through lws later is left as they need it.
      JoinedFrames.writeHeader(of: self.count, at: frame)
      return Self.send(frame, count: headerCount + self.count, on: socket)
    }
  }

  /// Sends the payload as it is, on `socket` at once: bytes already framed (``JoinedFrames``).
  func sendUnframed(on socket: Int32) -> ImmediateSend {
    self.buffer.withUnsafeMutableBufferPointer { buffer in
      Self.send(buffer.baseAddress! + clws_pre(), count: self.count, on: socket)
    }
  }

  private static func send(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, on socket: Int32) -> ImmediateSend {
    let sent = Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    if sent == count { return .sent }
    if sent < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { return .failed }
    let taken = max(sent, 0)
    var rest = [UInt8](repeating: 0, count: clws_pre())
    rest.append(contentsOf: UnsafeBufferPointer(start: bytes + taken, count: count - taken))
    return .partial(rest: OutgoingMessage(laidOut: rest))
  }
}
