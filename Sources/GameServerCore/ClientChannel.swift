import Dependencies
import GameServerDatabase
import GameServerWire
import IssueReporting

/// How the server reaches its clients: the transport's side of the seam. Sending queues the
/// message for the connection and returns at once.
///
/// A message sent `after` a room-log line shows the room as of that line: it goes out only once
/// the line is committed, and never if the line failed. Messages keep their order: one sent
/// later, with or without a line, goes out after it.
///
/// ```swift
/// withDependencies {
///   $0.clientChannel = ClientChannel(deliver: { connection, message, ticket in ... })
/// } operation: { ... }
/// channel.send(connection, view, after: RoomLogTicket(room: id, sequence: 4))
/// ```
public struct ClientChannel: Sendable {
  public var deliver: @Sendable (ConnectionID, ServerMessage, RoomLogTicket?) -> Void
  /// Closes a connection with a websocket close code and reason, after the messages sent to it
  /// before.
  public var close: @Sendable (ConnectionID, _ code: Int, _ reason: String) -> Void

  // NB: The server closes a connection itself only when its room moved to another node of a
  // cluster; the transport closes those that break its rules (a flood, an oversized frame),
  // and a client closes its own.
  public init(
    deliver: @escaping @Sendable (ConnectionID, ServerMessage, RoomLogTicket?) -> Void,
    close: @escaping @Sendable (ConnectionID, _ code: Int, _ reason: String) -> Void = { _, _, _ in }
  ) {
    self.deliver = deliver
    self.close = close
  }

  /// Queues `message` for `connection`, to go out once `ticket`'s line is committed.
  public func send(_ connection: ConnectionID, _ message: ServerMessage, after ticket: RoomLogTicket? = nil) {
    self.deliver(connection, message, ticket)
  }
}

extension ClientChannel: TestDependencyKey {
  public static let testValue = ClientChannel(
    deliver: { connection, message, _ in
      reportIssue("Unimplemented: ClientChannel.send(\(connection), \(message.type))")
    }
  )
}

extension DependencyValues {
  /// Where messages for clients go.
  public var clientChannel: ClientChannel {
    get { self[ClientChannel.self] }
    set { self[ClientChannel.self] = newValue }
  }
}
