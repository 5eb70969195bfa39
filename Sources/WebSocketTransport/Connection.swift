import CLibWebSockets
import DequeModule

/// One websocket connection, touched only on the service thread.
final class Connection {
  let id: UInt64
  let wsi: OpaquePointer
  /// The message being received, across fragments.
  var incoming: [UInt8] = []
  /// Messages waiting to be written, each with LWS_PRE bytes of headroom.
  var outgoing: Deque<OutgoingMessage> = []
  var queuedBytes = 0
  /// Set when the connection is to be closed with this code and reason once writable.
  var closing: (code: Int, reason: String)?
  /// The current one-second window of received messages.
  var windowStart: UInt64 = 0
  var messagesInWindow = 0

  init(id: UInt64, wsi: OpaquePointer) {
    self.id = id
    self.wsi = wsi
  }
}

/// A message ready for lws_write: the payload after LWS_PRE bytes of headroom. One buffer can
/// be shared by every connection it goes to.
final class OutgoingMessage: @unchecked Sendable {
  var buffer: [UInt8]
  let count: Int

  init(_ payload: some Collection<UInt8>) {
    let headroom = clws_pre()
    self.buffer = [UInt8](repeating: 0, count: headroom)
    self.buffer.append(contentsOf: payload)
    self.count = payload.count
  }
}
