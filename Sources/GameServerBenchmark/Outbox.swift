import GameServerWire

/// Messages the server sent, waiting for their bot; touched only on the store's thread.
final class Outbox: @unchecked Sendable {
  var messages: [(ConnectionID, ServerMessage)] = []
  /// The encoded bytes handed on so far: a sink, so that the JSON encoding is not optimized away.
  var bytes = 0
}
