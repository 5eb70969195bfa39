import GameServerCLibWebSockets

extension WebSocketServer {
  /// Queues a message on a connection, or closes a connection that reads too slowly.
  func enqueue(_ message: OutgoingMessage, on connection: WebSocketConnection) {
    guard connection.closing == nil, !connection.isClosed else { return }
    if connection.queuedBytes + message.count > self.configuration.maxQueuedBytes {
      connection.outgoing.removeAll()
      connection.queuedBytes = 0
      connection.closing = (1008, "too slow: messages queued past the limit")
      lws_callback_on_writable(connection.wsi)
      return
    }
    if connection.queue(message) { self.corked.append(connection) }
  }

  /// Sends what this round held for each connection, one `send` each, before the loop waits
  /// again.
  func flushCorked() {
    guard !self.corked.isEmpty else { return }
    for connection in self.corked { connection.flushCorked() }
    self.corked.removeAll(keepingCapacity: true)
  }
}
