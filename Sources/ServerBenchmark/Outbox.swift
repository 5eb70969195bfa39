import ServerModels

/// Messages the server sent, waiting for their bot; touched only on the store's thread.
final class Outbox: @unchecked Sendable {
  var messages: [(ConnectionID, ServerMessage)] = []
  var bytes = 0
}
