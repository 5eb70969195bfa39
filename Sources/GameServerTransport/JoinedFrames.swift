import GameServerCLibWebSockets

/// Several text messages queued on one server connection, framed here and handed to lws as one
/// write: one `send` for all of them instead of one writable callback and one `send` each.
///
/// A server's frames are unmasked and this server negotiates no extension, so a frame is its
/// header (FIN and the text opcode, then the length in 1, 3 or 9 bytes) and the payload as it
/// is. lws writes bytes given as `LWS_WRITE_HTTP` without framing them, and keeps what the
/// socket did not take for its next writable turn, as for any write.
struct JoinedFrames {
  /// The most bytes joined into one write: past it, the rest waits for the next writable turn,
  /// as a single message would.
  static let byteLimit = 16 * 1024

  /// How many of the queue's first messages are joined.
  let messageCount: Int
  /// Their payloads' bytes, without the frame headers.
  let payloadCount: Int
  /// The frames, after lws's headroom, written unframed.
  private let message: OutgoingMessage

  /// The first messages of `queue` that fit in ``byteLimit`` together; nil when fewer than two
  /// do (the first is then written as it is).
  init?(_ queue: some Collection<OutgoingMessage>) {
    var framedCount = 0
    var payloadCount = 0
    var messageCount = 0
    for message in queue {
      let framed = Self.headerCount(message.count) + message.count
      guard framedCount + framed <= Self.byteLimit else { break }
      framedCount += framed
      payloadCount += message.count
      messageCount += 1
    }
    guard messageCount > 1 else { return nil }
    let headroom = clws_pre()
    var buffer = [UInt8](repeating: 0, count: headroom)
    buffer.reserveCapacity(headroom + framedCount)
    for message in queue.prefix(messageCount) {
      Self.appendHeader(of: message.count, to: &buffer)
      buffer.append(contentsOf: message.buffer[headroom...])
    }
    self.messageCount = messageCount
    self.payloadCount = payloadCount
    self.message = OutgoingMessage(laidOut: buffer)
  }

  /// The frames, without the headroom.
  var frames: ArraySlice<UInt8> { self.message.payload }

  /// Sends the frames on `socket` at once (``WebSocketConnection/flushCorked()``).
  func send(on socket: Int32) -> ImmediateSend {
    self.message.sendUnframed(on: socket)
  }

  /// Hands the frames to lws; negative when the connection failed.
  func write(to wsi: OpaquePointer) -> Int32 {
    self.message.write(to: wsi, as: LWS_WRITE_HTTP)
  }

  /// The bytes of a server's frame header for a payload of `count` bytes (RFC 6455, 5.2).
  static func headerCount(_ count: Int) -> Int {
    count < 126 ? 2 : count <= 0xFFFF ? 4 : 10
  }

  /// A final text frame's header, unmasked, appended to `buffer`.
  static func appendHeader(of count: Int, to buffer: inout [UInt8]) {
    let start = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: Self.headerCount(count)))
    buffer.withUnsafeMutableBufferPointer { Self.writeHeader(of: count, at: $0.baseAddress! + start) }
  }

  /// A final text frame's header, unmasked, written at `start`, which has room for
  /// ``headerCount(_:)`` bytes.
  static func writeHeader(of count: Int, at start: UnsafeMutablePointer<UInt8>) {
    start[0] = 0x81
    if count < 126 {
      start[1] = UInt8(count)
    } else if count <= 0xFFFF {
      start[1] = 126
      start[2] = UInt8(count >> 8)
      start[3] = UInt8(count & 0xFF)
    } else {
      start[1] = 127
      for index in 0..<8 {
        start[2 + index] = UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(56 - 8 * index))
      }
    }
  }
}
