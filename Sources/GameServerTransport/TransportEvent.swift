import GameServerModels

/// What the transport tells the server, on its service thread.
public enum TransportEvent: Sendable {
  case connected(ConnectionID)
  /// A complete text message.
  case message(ConnectionID, [UInt8])
  case disconnected(ConnectionID)
}
