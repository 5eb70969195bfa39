import Dependencies
import IssueReporting
import ServerModels

/// How the server reaches its clients: the transport's side of the seam. Sending queues the
/// message for the connection and returns at once.
///
/// ```swift
/// withDependencies {
///   $0.clientChannel = ClientChannel(send: { connection, message in ... }, close: { _, _ in })
/// } operation: { ... }
/// ```
public struct ClientChannel: Sendable {
  public var send: @Sendable (ConnectionID, ServerMessage) -> Void
  /// Closes a connection with a websocket close code and reason.
  public var close: @Sendable (ConnectionID, _ code: Int, _ reason: String) -> Void

  public init(
    send: @escaping @Sendable (ConnectionID, ServerMessage) -> Void,
    close: @escaping @Sendable (ConnectionID, Int, String) -> Void
  ) {
    self.send = send
    self.close = close
  }
}

extension ClientChannel: TestDependencyKey {
  public static let testValue = ClientChannel(
    send: { connection, message in
      reportIssue("Unimplemented: ClientChannel.send(\(connection), \(message.type))")
    },
    close: { connection, _, _ in reportIssue("Unimplemented: ClientChannel.close(\(connection))") }
  )
}

extension DependencyValues {
  /// Where messages for clients go.
  public var clientChannel: ClientChannel {
    get { self[ClientChannel.self] }
    set { self[ClientChannel.self] = newValue }
  }
}
