import GameServerCLibWebSockets

/// An HTTP response made by code (a health check, metrics).
public struct HTTPResponse: Sendable {
  public var status: Int
  public var contentType: String
  public var body: [UInt8]

  public init(status: Int = 200, contentType: String, body: String) {
    self.status = status
    self.contentType = contentType
    self.body = Array(body.utf8)
  }
}

/// Makes a response for a path; runs on the service thread.
public typealias HTTPRoute = () -> HTTPResponse

extension WebSocketServer {
  /// Answers an HTTP request on a route's mount; returns lws's verdict.
  func respond(_ wsi: OpaquePointer, path: String) -> Int32 {
    let route = self.routes.first { path == $0.key || path.hasPrefix($0.key) }?.value
    let response = route?() ?? HTTPResponse(status: 404, contentType: "text/plain", body: "not found\n")
    let headroom = clws_pre()
    var buffer = [UInt8](repeating: 0, count: headroom + 1024 + response.body.count)
    let failed = buffer.withUnsafeMutableBufferPointer { buffer -> Bool in
      let base = buffer.baseAddress!
      let start = base + headroom
      let end = base + headroom + 1024
      var position: UnsafeMutablePointer<UInt8>? = start
      guard
        lws_add_http_common_headers(
          wsi, UInt32(response.status), response.contentType, lws_filepos_t(response.body.count),
          &position, end) == 0,
        lws_finalize_write_http_header(wsi, start, &position, end) == 0
      else { return true }
      let body = base + headroom
      for (offset, byte) in response.body.enumerated() { body[offset] = byte }
      return lws_write(wsi, body, response.body.count, LWS_WRITE_HTTP_FINAL) < 0
    }
    if failed { return -1 }
    return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
  }
}
