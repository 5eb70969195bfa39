import Foundation
import GameServerCLibWebSockets

/// What to do with a connection's next message, by how many it sent this second.
enum Admission { case accept, warn, drop, close }

extension WebSocketServer {
  /// A piece of a message: added to the message being received, which is handed to the server
  /// once whole. A message past the size limit closes the connection with 1009, and a flood of
  /// messages or pieces with 1008.
  func receive(
    _ wsi: OpaquePointer, _ connection: WebSocketConnection, _ input: UnsafeMutableRawPointer?, _ length: Int
  ) -> Int32 {
    let now = monotonicNanoseconds()
    connection.heard(at: now)
    // NB: lws still delivers frames that follow the peer's close frame, and a connection being
    // closed (a flood) has no use for what it sends meanwhile: they are ignored.
    guard !connection.isClosed, connection.closing == nil else {
      connection.incoming = []
      return 0
    }
    let limit = self.configuration.maxMessageBytes
    guard
      connection.append(input, count: length, announced: lws_remaining_packet_payload(wsi), limit: limit)
    else {
      return self.closeNow(wsi, connection, code: 1009, reason: "message larger than \(limit) bytes")
    }
    let isWhole = connection.isMessageComplete
    // NB: A text message must be UTF-8 (RFC 6455 §8.1): checked here once it is whole, so a
    // character split across fragments is fine. lws's own check would drop a close frame's
    // invalid reason without answering, so it is not used.
    if isWhole, lws_frame_is_binary(wsi) == 0, !isValidUTF8(connection.incoming) {
      return self.closeNow(wsi, connection, code: 1007, reason: "a text message is not UTF-8")
    }
    switch self.admit(connection, wholeMessage: isWhole, now: now) {
    case .accept:
      guard isWhole else { return 0 }
      // NB: Handed on as a value, then emptied keeping its buffer: the server reads the message
      //     while handling the event, so the next message is received into the same buffer.
      self.onEvent(.message(WebSocketID(rawValue: connection.id), connection.incoming))
      connection.finishMessage()
    case .drop:
      if isWhole { connection.finishMessage() }
    case .warn:
      if isWhole { connection.finishMessage() }
      // NB: The server answers it, as any other message: the transport writes no message itself.
      self.onEvent(
        .rateLimited(WebSocketID(rawValue: connection.id), perSecond: self.configuration.maxMessagesPerSecond))
    case .close:
      connection.incoming = []
      connection.closing = (1008, "too many messages")
      lws_callback_on_writable(wsi)
    }
    return 0
  }

  /// The peer's close frame: answered with 1002 for a payload of one byte or a code a peer may
  /// not send, with 1007 for a reason that is not UTF-8, and otherwise echoed by lws.
  func peerClosed(
    _ wsi: OpaquePointer, _ connection: WebSocketConnection, _ input: UnsafeMutableRawPointer?, _ length: Int
  ) -> Int32 {
    // NB: The peer's answer to a close frame the server wrote itself (``writeCloseFrame``):
    //     closed now, with no close echoed.
    if connection.isClosed { return -1 }
    connection.markClosed()
    guard length > 0, let input else { return 0 }
    let payload = UnsafeRawBufferPointer(start: input, count: length)
    guard length >= 2 else { return self.closeNow(wsi, connection, code: 1002, reason: "close payload of one byte") }
    let code = Int(payload[0]) << 8 | Int(payload[1])
    guard Self.isValidPeerCloseCode(code) else {
      return self.closeNow(wsi, connection, code: 1002, reason: "invalid close code \(code)")
    }
    guard isValidUTF8(UnsafeRawBufferPointer(rebasing: payload[2...])) else {
      return self.closeNow(wsi, connection, code: 1007, reason: "close reason is not UTF-8")
    }
    return 0
  }

  /// The codes a peer may put in a close frame (RFC 6455 §7.4, and IANA's registry since):
  /// 1000 to 1003, 1007 to 1014, and 3000 to 4999. (lws answers 1012 to 1014 with 1002 before
  /// this is asked.)
  static func isValidPeerCloseCode(_ code: Int) -> Bool {
    (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
  }

  /// What to do with a piece of a message, by how many messages and pieces the connection sent
  /// this second.
  private func admit(_ connection: WebSocketConnection, wholeMessage: Bool, now: UInt64) -> Admission {
    if now &- connection.windowStart >= 1_000_000_000 {
      connection.windowStart = now
      connection.messagesInWindow = 0
      connection.piecesInWindow = 0
    }
    let limit = self.configuration.maxMessagesPerSecond
    connection.piecesInWindow += 1
    // NB: lws hands over what each read of the socket brought: a message of the largest size
    // comes in one piece per KiB or so at the worst, a small one in a few. A flood of tiny
    // fragments is closed like a flood of messages.
    if connection.piecesInWindow > self.piecesPerMessage * 2 * limit { return .close }
    guard wholeMessage else { return .accept }
    connection.messagesInWindow += 1
    switch connection.messagesInWindow {
    case ...limit: return .accept
    case limit + 1: return .warn
    case ...(2 * limit): return .drop
    default: return .close
    }
  }

  /// How many pieces a message may come in before pieces count as a flood: one per KiB of the
  /// largest message, and a few more.
  var piecesPerMessage: Int { 8 + self.configuration.maxMessageBytes / 1024 }
}
