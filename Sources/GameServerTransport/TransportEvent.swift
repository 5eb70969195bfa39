import GameServerWire

/// What the transport tells the server, on its service thread.
public enum TransportEvent: Sendable {
  case connected(ConnectionID)
  /// A complete text message.
  case message(ConnectionID, [UInt8])
  /// A peer sent more than `perSecond` messages a second: its message was dropped, and the
  /// server answers `rate_limited` (the transport closes it if it goes on).
  case rateLimited(ConnectionID, perSecond: Int)
  case disconnected(ConnectionID)
}
