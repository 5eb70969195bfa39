import GameServerCLibWebSockets

extension WebSocketServer {
  /// Pings each connection silent for `pingInterval` seconds, and drops one still silent after
  /// twice that and a ping (as lws's own idle policy did): one pass a second over the
  /// connections, instead of a timer re-filed on every frame.
  func sweepIdleConnections(now: UInt64) {
    let interval = UInt64(max(1, self.configuration.pingInterval)) * 1_000_000_000
    for connection in self.connections.values where !connection.isClosed {
      let silence = now &- connection.lastHeard
      // NB: A connection is pinged before it is dropped, however the sweeps fall.
      if silence >= 2 * interval, connection.isPinged {
        // NB: As lws's idle hang-up: the connection goes at once, with no close frame.
        lws_set_timeout(connection.wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
      } else if silence >= interval, !connection.isPinged {
        connection.isPinged = true
        connection.needsPing = true
        lws_callback_on_writable(connection.wsi)
      }
    }
  }
}
