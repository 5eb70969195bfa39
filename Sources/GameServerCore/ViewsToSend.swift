import GameServerWire

/// The views one room action sends, in order. The first two are kept inline, so that a room of
/// two players and no spectator makes no list; the others go in a list.
///
/// ```swift
/// var messages = ViewsToSend()
/// messages.append((connection, view))
/// messages.forEach { connection, message in channel.send(connection, message) }
/// ```
struct ViewsToSend: Sendable {
  typealias Message = (ConnectionID, ServerMessage)

  private var first: Message?
  private var second: Message?
  private var others: [Message] = []

  var isEmpty: Bool { self.first == nil }

  /// Makes room for `count` messages in all at once.
  mutating func reserveCapacity(_ count: Int) {
    if count > 2 { self.others.reserveCapacity(count - 2) }
  }

  mutating func append(_ message: Message) {
    if self.first == nil {
      self.first = message
    } else if self.second == nil {
      self.second = message
    } else {
      self.others.append(message)
    }
  }

  /// Each message, in the order they were appended.
  func forEach(_ body: (ConnectionID, ServerMessage) -> Void) {
    guard let first else { return }
    body(first.0, first.1)
    guard let second else { return }
    body(second.0, second.1)
    for (connection, message) in self.others { body(connection, message) }
  }
}
