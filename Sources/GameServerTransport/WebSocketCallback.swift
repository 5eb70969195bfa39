import Foundation
import GameServerCLibWebSockets
import Synchronization

/// The one lws callback: websocket events go to the server; the rest to lws's HTTP handling.
func webSocketCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let wsi, let context = lws_get_context(wsi), let raw = lws_context_user(context) else {
    return lws_callback_http_dummy(wsi, reason, user, input, length)
  }
  let server = Unmanaged<WebSocketServer>.fromOpaque(raw).takeUnretainedValue()
  return server.handle(wsi, reason, user, input, length)
}

extension WebSocketServer {
  func handle(
    _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
  ) -> Int32 {
    switch reason {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
      self.serviceWork()
      return 0

    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
      return self.confirmUpgrade(wsi, to: input)

    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
      // NB: Upgrades on HTTP/1.1 were checked in CONFIRM_UPGRADE, with an HTTP answer; this
      // catches any other way in. Non-zero refuses the handshake.
      return self.isAllowedOrigin(wsi) ? 0 : 1

    case LWS_CALLBACK_ESTABLISHED:
      guard let user else { return -1 }
      guard self.openConnections.reserve(below: self.configuration.maxConnections) else {
        return self.closeNow(wsi, nil, code: 1013, reason: "server full; try again later")
      }
      // NB: Ids count up on each thread in steps of the number of threads, from the thread's
      // index: an id tells its thread, and no two threads make the same one.
      self.nextID += 1
      let id = self.nextID * self.stride + UInt64(self.index)
      user.storeBytes(of: id, as: UInt64.self)
      self.connections[id] = WebSocketConnection(
        id: id, wsi: wsi, joinsWrites: true, immediateSocket: self.immediateSocket(of: wsi))
      self.openHere.add(1, ordering: .relaxed)
      self.onEvent(.connected(WebSocketID(rawValue: id)))
      return 0

    case LWS_CALLBACK_RECEIVE:
      guard let connection = self.connection(user) else { return -1 }
      return self.receive(wsi, connection, input, length)

    case LWS_CALLBACK_RECEIVE_PONG:
      self.connection(user)?.heard(at: monotonicNanoseconds())
      return 0

    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
      guard let connection = self.connection(user) else { return 0 }
      return self.peerClosed(wsi, connection, input, length)

    case LWS_CALLBACK_SERVER_WRITEABLE:
      guard let connection = self.connection(user) else { return -1 }
      // NB: lws calls once more after a close frame went out, and would still write: nothing
      // more goes to a closed connection, while lws waits for the peer's close.
      if connection.isClosed { return 0 }
      // NB: A writable turn before the round's end: what the round held goes first.
      connection.uncork()
      // NB: A message sent at once failed: the socket is broken.
      if connection.sendFailed { return -1 }
      if connection.needsPing {
        guard connection.writePing() else { return -1 }
        if !connection.outgoing.isEmpty || connection.closing != nil { lws_callback_on_writable(wsi) }
        return 0
      }
      guard connection.writeNext() else { return -1 }
      if connection.outgoing.isEmpty, let (code, reason) = connection.closing {
        if self.isOnLibUV { return self.writeCloseFrame(wsi, connection, code: code, reason: reason) }
        return self.closeNow(wsi, connection, code: code, reason: reason)
      }
      return 0

    case LWS_CALLBACK_CLOSED:
      guard let connection = self.connection(user) else { return 0 }
      // NB: The wsi is gone after this: nothing held for the round's end is sent.
      connection.corked.removeAll()
      self.connections[connection.id] = nil
      self.openConnections.release()
      self.openHere.subtract(1, ordering: .relaxed)
      self.onEvent(.disconnected(WebSocketID(rawValue: connection.id)))
      return 0

    case LWS_CALLBACK_HTTP:
      let path = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
      return self.respond(wsi, path: path)

    default:
      return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
  }

  /// The socket a new connection's messages can be sent on at once: a plain TCP connection's
  /// own, not TLS (bytes go through OpenSSL) nor an HTTP/2 stream (lws multiplexes it).
  func immediateSocket(of wsi: OpaquePointer) -> Int32? {
    guard lws_is_ssl(wsi) == 0, lws_get_network_wsi(wsi) == wsi else { return nil }
    let socket = lws_get_socket_fd(wsi)
    return socket >= 0 ? socket : nil
  }

  func connection(_ user: UnsafeMutableRawPointer?) -> WebSocketConnection? {
    guard let user else { return nil }
    return self.connections[user.load(as: UInt64.self)]
  }

  /// On the libuv loop, from a writable turn: writes the close frame itself, then waits up to
  /// ``closeAckSeconds`` for the peer's close, reading (and dropping) what the peer still sends
  /// meanwhile. (There lws drops the close frame that `lws_close_reason` asks for in that turn.)
  /// Closing at once would reset the connection if the peer's last bytes were not read yet, and
  /// the peer would lose the close frame and the answers before it.
  func writeCloseFrame(_ wsi: OpaquePointer, _ connection: WebSocketConnection, code: Int, reason: String) -> Int32 {
    connection.markClosed()
    let payload = [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(120))
    // NB: LWS_WRITE_CLOSE (4) is left out of lws's header.
    guard OutgoingMessage(payload).write(to: wsi, as: lws_write_protocol(rawValue: 4)) >= 0 else { return -1 }
    lws_set_timeout(wsi, PENDING_TIMEOUT_CLOSE_ACK, Self.closeAckSeconds)
    return 0
  }

  /// How long a connection the server closed waits for the peer's close.
  static let closeAckSeconds: Int32 = 5

  /// Sends a close frame with `code` and `reason` and marks the connection closed; returns
  /// lws's verdict (-1: close).
  func closeNow(_ wsi: OpaquePointer, _ connection: WebSocketConnection?, code: Int, reason: String) -> Int32 {
    connection?.markClosed()
    var bytes = Array(reason.utf8.prefix(120))
    bytes.withUnsafeMutableBufferPointer { buffer in
      lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code)), buffer.baseAddress, buffer.count)
    }
    return -1
  }
}
