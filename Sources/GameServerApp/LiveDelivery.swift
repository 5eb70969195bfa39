import Foundation
import GameServerCore
import GameServerDatabase
import GameServerTransport
import GameServerWire

/// What the live channel hands the transport: a message's bytes, and the request it answers.
struct Delivery {
  var connection: ConnectionID
  var bytes: [UInt8]
  var replyTo: String?
  /// Closes the connection instead (after what went before), with this code and reason.
  var close: (code: Int, reason: String)?
}

/// The live client channel: messages become JSON at once (on the service thread) and go to the
/// transport through a ``CommitGate``, so a view goes out only once the room-log line it shows
/// is committed.
final class LiveDelivery: Sendable {
  let gate: CommitGate<Delivery>
  let channel: ClientChannel

  /// - Parameter thread: The service thread of the store whose views these are.
  init(transport: WebSocketServer, thread: Int = 0, database: DatabaseClient, metrics: ServerMetrics) {
    let gate = CommitGate<Delivery>(
      status: database.roomLogStatus,
      deliver: { outgoing in
        if let close = outgoing.close {
          transport.close(WebSocketID(outgoing.connection), code: close.code, reason: close.reason)
        } else {
          transport.send(WebSocketID(outgoing.connection), outgoing.bytes)
        }
      },
      drop: { outgoing in
        metrics.dropped.increment()
        // NB: A request whose answer showed a line that was not saved is still answered.
        guard let answer = ServerEdge.answer(toDropped: outgoing.replyTo) else { return }
        transport.send(WebSocketID(outgoing.connection), answer.jsonBytes)
      },
      schedule: { transport.schedule(onThread: thread, $0) })
    self.gate = gate
    self.channel = ClientChannel(
      deliver: { connection, message, ticket in
        if case .error = message { metrics.rejected.increment() }
        gate.send(Delivery(connection: connection, bytes: message.jsonBytes, replyTo: message.replyTo), after: ticket)
      },
      close: { connection, code, reason in
        gate.send(Delivery(connection: connection, bytes: [], close: (code, reason)), after: nil)
      }
    )
  }
}

/// A callback set after the thing it calls exists: the database's commits wake the delivery
/// gate, which needs the database to exist first.
final class CommitHook: @unchecked Sendable {
  // NB: Not a Mutex of the closure: reading it through `withLock`'s `inout` converts it to the
  // generic form and back, wrapping it in two more thunks each time, so that after n commits a
  // call went through 2n thunks (170 µs a call after a minute under load).
  private let lock = NSLock()
  private var action: (@Sendable () -> Void)?

  func set(_ action: @escaping @Sendable () -> Void) {
    self.lock.lock()
    self.action = action
    self.lock.unlock()
  }

  func fire() {
    self.lock.lock()
    let action = self.action
    self.lock.unlock()
    action?()
  }
}
