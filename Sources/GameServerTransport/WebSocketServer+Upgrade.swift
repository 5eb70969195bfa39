import Foundation
import GameServerCLibWebSockets

extension WebSocketServer {
  /// Before a websocket handshake is answered: a foreign origin gets HTTP 403 and a server at its
  /// connection limit HTTP 503, each a whole HTTP/1.1 response, instead of a dropped socket.
  /// Returns lws's verdict: 0 to go on with the upgrade, 1 when a response was written.
  func confirmUpgrade(_ wsi: OpaquePointer, to upgrade: UnsafeMutableRawPointer?) -> Int32 {
    let protocolName = upgrade.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    guard protocolName.lowercased() == "websocket" else { return 0 }
    if !self.isAllowedOrigin(wsi) {
      return self.refuseUpgrade(wsi, status: "403 Forbidden", body: "origin not allowed\n")
    }
    if self.openConnections.value >= self.configuration.maxConnections {
      return self.refuseUpgrade(wsi, status: "503 Service Unavailable", body: "server full; try again later\n")
    }
    return 0
  }

  /// Whether the handshake's `Origin` is allowed (any is, when none are configured).
  func isAllowedOrigin(_ wsi: OpaquePointer) -> Bool {
    guard !self.configuration.allowedOrigins.isEmpty else { return true }
    var origin = [CChar](repeating: 0, count: 256)
    let length = lws_hdr_copy(wsi, &origin, Int32(origin.count), WSI_TOKEN_ORIGIN)
    let text =
      length > 0 ? String(decoding: origin.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    return self.configuration.allowedOrigins.contains(text)
  }

  /// Writes a whole HTTP/1.1 response that closes the connection; returns 1 (lws: "answered"),
  /// or -1 when it could not be written.
  private func refuseUpgrade(_ wsi: OpaquePointer, status: String, body: String) -> Int32 {
    // NB: lws's own header helpers write HTTP/1.0 at this point of a handshake, which websocket
    // clients refuse to read; the response is written whole instead.
    let response = Array(
      ("HTTP/1.1 \(status)\r\ncontent-type: text/plain\r\ncontent-length: \(body.utf8.count)\r\n"
        + "retry-after: 5\r\nconnection: close\r\n\r\n\(body)").utf8)
    let message = OutgoingMessage(response)
    let written = message.buffer.withUnsafeMutableBufferPointer { buffer in
      lws_write(wsi, buffer.baseAddress! + clws_pre(), message.count, LWS_WRITE_HTTP_HEADERS)
    }
    return written == message.count ? 1 : -1
  }
}
