import GameServerDatabase
import GameServerWire

/// The server's edge with whatever carries its clients' bytes, one for the live server and the
/// testing kit alike: what a connection's events become (the root store's actions), and what
/// becomes of a message whose room-log line failed (it is dropped, and a request it answered is
/// answered `unavailable`).
///
/// ```swift
/// store.send(ServerEdge.action(.message(bytes), on: connection))
/// if let answer = ServerEdge.answer(toDropped: message.replyTo) { send(connection, answer) }
/// ```
public enum ServerEdge {
  /// What happened on a connection, as a transport tells it.
  public enum Event: Equatable, Sendable {
    case connected
    /// A complete text message.
    case message([UInt8])
    /// The peer sent more than `perSecond` messages a second: its message was dropped.
    case rateLimited(perSecond: Int)
    case disconnected
  }

  /// The root store's action for an event on `connection`: a message is read through the
  /// wire's decoder, and one that cannot be read is answered with what is wrong with it.
  public static func action(_ event: Event, on connection: ConnectionID) -> Server.Action {
    switch event {
    case .connected:
      return .connected(connection)
    case let .message(bytes):
      switch ClientRequest.decoding(bytes) {
      case let .success(request): return .received(connection, request)
      case let .failure(error): return .malformed(connection, error)
      }
    case let .rateLimited(perSecond):
      return .malformed(connection, .rateLimited(perSecond: perSecond))
    case .disconnected:
      return .disconnected(connection)
    }
  }

  /// What goes out instead of a message never delivered because the log line it shows failed:
  /// the `unavailable` error answering its request, when it answered one.
  public static func answer(toDropped replyTo: String?) -> ServerMessage? {
    replyTo.map { .error(.roomUnavailable(requestID: $0)) }
  }
}
