import CLibWebSockets
import Foundation
import ServerModels

enum Admission { case accept, warn, drop, close }

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

    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
      guard !self.configuration.allowedOrigins.isEmpty else { return 0 }
      var origin = [CChar](repeating: 0, count: 256)
      let length = lws_hdr_copy(wsi, &origin, Int32(origin.count), WSI_TOKEN_ORIGIN)
      let text = length > 0 ? String(cString: origin) : ""
      // NB: Non-zero refuses the handshake.
      return self.configuration.allowedOrigins.contains(text) ? 0 : 1

    case LWS_CALLBACK_ESTABLISHED:
      guard let user, self.connections.count < self.configuration.maxConnections else { return -1 }
      self.nextID += 1
      let id = self.nextID
      user.storeBytes(of: id, as: UInt64.self)
      self.connections[id] = Connection(id: id, wsi: wsi)
      self.onEvent(.connected(ConnectionID(rawValue: id)))
      return 0

    case LWS_CALLBACK_RECEIVE:
      guard let connection = self.connection(user) else { return -1 }
      connection.append(input, count: length)
      if connection.incoming.count + Int(lws_remaining_packet_payload(wsi)) > self.configuration.maxMessageBytes {
        return self.closeNow(wsi, code: 1009, reason: "message larger than \(self.configuration.maxMessageBytes) bytes")
      }
      guard let message = connection.takeMessage() else { return 0 }
      switch self.admit(connection) {
      case .accept:
        self.onEvent(.message(ConnectionID(rawValue: connection.id), message))
      case .drop:
        break
      case .warn:
        let error = ServerMessage.error(ProtocolError(
          code: "rate_limited",
          message: "More than \(self.configuration.maxMessagesPerSecond) messages a second; slow down or be disconnected."))
        self.enqueue(OutgoingMessage(Array(error.json.utf8)), on: connection)
      case .close:
        if connection.closing == nil {
          connection.closing = (1008, "too many messages")
          lws_callback_on_writable(wsi)
        }
      }
      return 0

    case LWS_CALLBACK_SERVER_WRITEABLE:
      guard let connection = self.connection(user), connection.writeNext() else { return -1 }
      if connection.outgoing.isEmpty, let (code, reason) = connection.closing {
        return self.closeNow(wsi, code: code, reason: reason)
      }
      return 0

    case LWS_CALLBACK_CLOSED:
      guard let connection = self.connection(user) else { return 0 }
      self.connections[connection.id] = nil
      self.onEvent(.disconnected(ConnectionID(rawValue: connection.id)))
      return 0

    case LWS_CALLBACK_HTTP:
      let path = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
      return self.respond(wsi, path: path)

    default:
      return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
  }

  /// What to do with a connection's next message, by how many it sent this second.
  private func admit(_ connection: Connection) -> Admission {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let nanoseconds = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    if nanoseconds - connection.windowStart >= 1_000_000_000 {
      connection.windowStart = nanoseconds
      connection.messagesInWindow = 0
    }
    connection.messagesInWindow += 1
    let limit = self.configuration.maxMessagesPerSecond
    switch connection.messagesInWindow {
    case ...limit: return .accept
    case limit + 1: return .warn
    case ...(2 * limit): return .drop
    default: return .close
    }
  }

  private func connection(_ user: UnsafeMutableRawPointer?) -> Connection? {
    guard let user else { return nil }
    return self.connections[user.load(as: UInt64.self)]
  }

  private func closeNow(_ wsi: OpaquePointer, code: Int, reason: String) -> Int32 {
    var bytes = Array(reason.utf8.prefix(120))
    bytes.withUnsafeMutableBufferPointer { buffer in
      lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code)), buffer.baseAddress, buffer.count)
    }
    return -1
  }
}
