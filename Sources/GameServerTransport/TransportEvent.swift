/// Identifies one websocket connection of a ``WebSocketServer`` for as long as it is open (a
/// number that counts up from 1).
public struct WebSocketID: Hashable, Sendable, CustomStringConvertible {
  public var rawValue: UInt64

  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  public var description: String { String(self.rawValue) }
}

/// What the transport tells the server, on its service thread.
public enum TransportEvent: Sendable {
  case connected(WebSocketID)
  /// A complete text message.
  case message(WebSocketID, [UInt8])
  /// A peer sent more than `perSecond` messages a second: its message was dropped, and the
  /// server answers `rate_limited` (the transport closes it if it goes on).
  case rateLimited(WebSocketID, perSecond: Int)
  case disconnected(WebSocketID)
}

extension TransportEvent {
  /// The connection the event is about.
  public var connection: WebSocketID {
    switch self {
    case let .connected(id), let .message(id, _), let .rateLimited(id, _), let .disconnected(id): id
    }
  }
}
