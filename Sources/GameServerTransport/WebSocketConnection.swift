import DequeModule
import Foundation
import GameServerCLibWebSockets

/// One websocket connection, touched only on the service thread.
final class WebSocketConnection {
  let id: UInt64
  let wsi: OpaquePointer
  /// The message being received, across fragments.
  var incoming: [UInt8] = []
  /// Messages waiting to be written, each with LWS_PRE bytes of headroom.
  var outgoing: Deque<OutgoingMessage> = []
  var queuedBytes = 0
  /// Set when the connection is to be closed with this code and reason once writable.
  var closing: (code: Int, reason: String)?
  /// Set once a close frame was sent or received: nothing more is read or written.
  var isClosed = false
  /// The current one-second window of received messages and frames.
  var windowStart: UInt64 = 0
  var messagesInWindow = 0
  /// Pieces of frames received in the window (a message can come in many): bounded so that a
  /// stream of tiny fragments counts too.
  var piecesInWindow = 0
  /// When the peer was last heard from (a frame of any kind), in monotonic nanoseconds.
  var lastHeard: UInt64
  /// Whether a ping went out since the peer was last heard from.
  var isPinged = false
  /// Whether a ping is to be written at the next writable turn.
  var needsPing = false

  /// Whether several queued messages go out in one write (``writeNext()``): a server's
  /// connection. A client's frames must be masked, which lws does frame by frame.
  let joinsWrites: Bool
  /// The socket a message is sent on at once when nothing waits before it
  /// (``OutgoingMessage/sendFramed(on:)``); nil where lws must write every byte: a client's
  /// connection, TLS, an HTTP/2 stream.
  let immediateSocket: Int32?
  /// Set when sending at once failed: the next writable turn closes the connection.
  var sendFailed = false
  /// Messages to send at once, held until the end of the service thread's round
  /// (``flushCorked()``): what a round has for one connection (a move's view, the game's end,
  /// a rating) goes out in one `send`.
  var corked: [OutgoingMessage] = []
  /// The `send`s and lws writes of messages on this connection, for the transport's tests.
  var writes = 0

  init(
    id: UInt64, wsi: OpaquePointer, joinsWrites: Bool = false, immediateSocket: Int32? = nil,
    now: UInt64 = monotonicNanoseconds()
  ) {
    self.id = id
    self.wsi = wsi
    self.joinsWrites = joinsWrites
    self.immediateSocket = immediateSocket
    self.lastHeard = now
  }

  /// The peer was heard from: a message, a piece of one, or a pong.
  func heard(at now: UInt64) {
    self.lastHeard = now
    self.isPinged = false
  }

  /// Writes a ping frame; false when the connection failed.
  func writePing() -> Bool {
    self.needsPing = false
    // NB: With a payload: lws 4.1.6 does not pass an empty pong on to the callback.
    return OutgoingMessage("ping".utf8).write(to: self.wsi, as: LWS_WRITE_PING) >= 0
  }
}

/// Monotonic time in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// A message ready for lws_write: the payload after LWS_PRE bytes of headroom. One buffer can
/// be shared by every connection it goes to.
final class OutgoingMessage: @unchecked Sendable {
  var buffer: [UInt8]
  let count: Int

  init(_ payload: some Collection<UInt8>) {
    let headroom = clws_pre()
    let count = payload.count
    // NB: One allocation: the headroom lws writes its frame header into, then the payload.
    self.buffer = [UInt8](unsafeUninitializedCapacity: headroom + count) { buffer, initialized in
      buffer.baseAddress!.initialize(repeating: 0, count: headroom)
      _ = UnsafeMutableBufferPointer(rebasing: buffer[headroom...]).initialize(fromContentsOf: payload)
      initialized = headroom + count
    }
    self.count = count
  }

  /// A message whose buffer is already laid out: `LWS_PRE` bytes of headroom, then the payload
  /// (frames the transport made itself: ``JoinedFrames``, the rest of an immediate send).
  init(laidOut buffer: [UInt8]) {
    self.buffer = buffer
    self.count = buffer.count - clws_pre()
  }

  /// The bytes lws needs before a payload (`LWS_PRE`).
  static var headroom: Int { clws_pre() }

  /// The payload, after the headroom.
  var payload: ArraySlice<UInt8> { self.buffer[clws_pre()...] }

  /// Writes the payload on `wsi` as a frame of `kind`; lws's verdict (negative: failed).
  func write(to wsi: OpaquePointer, as kind: lws_write_protocol) -> Int32 {
    self.buffer.withUnsafeMutableBufferPointer { buffer in
      lws_write(wsi, buffer.baseAddress! + clws_pre(), self.count, kind)
    }
  }
}

extension WebSocketConnection {
  /// Adds a received piece to the message being received, unless the message would then be
  /// longer than `limit` bytes, counting what the frame still announces; false when it would.
  ///
  /// Every length here comes from the peer: a frame may announce up to 2^63 - 1 bytes, so
  /// nothing is added to it. `incoming.count` never exceeds `limit`, so the subtractions cannot
  /// overflow.
  func append(_ input: UnsafeMutableRawPointer?, count: Int, announced remaining: Int, limit: Int) -> Bool {
    let room = limit - self.incoming.count
    guard count >= 0, remaining >= 0, count <= room, remaining <= room - count else { return false }
    guard let input, count > 0 else { return true }
    self.incoming.append(contentsOf: UnsafeRawBufferPointer(start: input, count: count))
    return true
  }

  /// Marks the connection closed (a close frame went out or came in): what is queued is
  /// dropped, and nothing more is read or written.
  func markClosed() {
    // NB: What the round held back goes out first, as it would have had it been sent at once.
    self.flushCorked()
    self.isClosed = true
    self.outgoing.removeAll()
    self.queuedBytes = 0
    self.incoming = []
  }

  /// Whether the message being received is whole: its last fragment is in.
  var isMessageComplete: Bool {
    lws_is_final_fragment(self.wsi) != 0 && lws_remaining_packet_payload(self.wsi) == 0
  }

  /// The message received so far; it is then no longer held here.
  func takeMessage() -> [UInt8] {
    defer { self.incoming = [] }
    return self.incoming
  }

  /// The longest message buffer a connection keeps for its next message: requests are short,
  /// and a peer that sent one long message does not make the connection hold its size.
  static let keptCapacity = 4096

  /// Empties the message received, once it has been handed on as a value: its buffer is kept
  /// for the next message when no one else holds it and it is short, so a connection's stream
  /// of requests allocates nothing per message. A holder's copy is untouched: the buffer is then
  /// copied on write, not overwritten.
  func finishMessage() {
    if self.incoming.capacity <= Self.keptCapacity {
      self.incoming.removeAll(keepingCapacity: true)
    } else {
      self.incoming = []
    }
  }

  /// Queues a message to write, asking lws for a writable callback when the queue was empty.
  ///
  /// On a connection that can (``immediateSocket``), a message with nothing before it (nothing
  /// queued here, nothing buffered in lws) is sent straight to the socket instead, at the end
  /// of the round (``corked``, ``flushCorked()``), with whatever else the round has for this
  /// connection. True when this message is the first the round holds for it: the caller then
  /// lists the connection for the round's end.
  @discardableResult
  func queue(_ message: OutgoingMessage) -> Bool {
    if !self.corked.isEmpty {
      self.corked.append(message)
      return false
    }
    if self.outgoing.isEmpty, !self.sendFailed, self.immediateSocket != nil, lws_partial_buffered(self.wsi) == 0 {
      self.corked.append(message)
      return true
    }
    self.outgoing.append(message)
    self.queuedBytes += message.count
    if self.outgoing.count == 1 { lws_callback_on_writable(self.wsi) }
    return false
  }

  /// Sends what the round held for this connection straight to its socket: the messages framed
  /// one after another, in one `send` as far as ``JoinedFrames/byteLimit`` allows. What the
  /// socket did not take is handed to lws at once, as bytes already framed: lws keeps it in its
  /// own buffer, which it writes before anything else when the socket is writable again (before
  /// its own pong to a peer's ping, before the next writable callback), so no frame cuts into
  /// it; messages after it wait in ``outgoing`` for the writable turn, as do all of them when
  /// lws holds bytes of its own (a pong) or an earlier send failed.
  func flushCorked() {
    guard !self.corked.isEmpty else { return }
    // NB: Sent in place, by index: the array keeps its buffer for the next round.
    var next = 0
    while next < self.corked.count, !self.isClosed {
      guard self.outgoing.isEmpty, !self.sendFailed, let socket = self.immediateSocket,
        lws_partial_buffered(self.wsi) == 0
      else {
        self.corked.removeFirst(next)
        self.uncork()
        lws_callback_on_writable(self.wsi)
        return
      }
      let sent: ImmediateSend
      if self.corked.count - next > 1, let joined = JoinedFrames(self.corked[next...]) {
        sent = joined.send(on: socket)
        next += joined.messageCount
      } else {
        sent = self.corked[next].sendFramed(on: socket)
        next += 1
      }
      self.writes += 1
      switch sent {
      case .sent:
        continue
      case let .partial(rest):
        if rest.write(to: self.wsi, as: LWS_WRITE_HTTP) >= 0 { continue }
        self.sendFailed = true
      case .failed:
        self.sendFailed = true
      }
      lws_callback_on_writable(self.wsi)
    }
    self.corked.removeAll(keepingCapacity: true)
  }

  /// Puts what the round held back at the head of ``outgoing``, for lws's writable turn: one
  /// that comes before the round's end, or the next when the round's end cannot send straight
  /// to the socket. The writes then keep the order the messages were sent in.
  func uncork() {
    guard !self.corked.isEmpty else { return }
    self.outgoing.insert(contentsOf: self.corked, at: self.outgoing.startIndex)
    self.queuedBytes += self.corked.reduce(0) { $0 + $1.count }
    self.corked.removeAll(keepingCapacity: true)
  }

  /// Writes the first queued message, and asks to write again while more wait; false when lws
  /// could not write.
  func writeNext() -> Bool {
    guard let message = self.outgoing.first else { return true }
    if self.joinsWrites, self.outgoing.count > 1, let joined = JoinedFrames(self.outgoing) {
      guard joined.write(to: self.wsi) >= 0 else { return false }
      self.writes += 1
      self.outgoing.removeFirst(joined.messageCount)
      self.queuedBytes -= joined.payloadCount
    } else {
      guard message.write(to: self.wsi, as: LWS_WRITE_TEXT) >= 0 else { return false }
      self.writes += 1
      self.outgoing.removeFirst()
      self.queuedBytes -= message.count
    }
    if !self.outgoing.isEmpty { lws_callback_on_writable(self.wsi) }
    return true
  }
}
