import GameServerDatabase
import GameServerModels

/// What one room action leaves to do outside the reducer: the log line to queue, whether the
/// room's log closes, and the views to send once the line is committed.
///
/// One object, run by an effect whose closure captures nothing else: Swift then uses the object
/// as the closure's context, so a room action allocates this, not a closure context and a list
/// of views as well.
final class RoomBroadcast: Sendable {
  let room: RoomID
  let log: RoomLogEntry?
  let restartsLog: Bool
  let closesLog: Bool
  let ticket: RoomLogTicket
  let messages: ViewMessages
  let channel: ClientChannel
  let database: DatabaseClient

  init(
    room: RoomID, log: RoomLogEntry?, restartsLog: Bool, closesLog: Bool, ticket: RoomLogTicket,
    messages: ViewMessages, channel: ClientChannel, database: DatabaseClient
  ) {
    self.room = room
    self.log = log
    self.restartsLog = restartsLog
    self.closesLog = closesLog
    self.ticket = ticket
    self.messages = messages
    self.channel = channel
    self.database = database
  }

  /// Queues the line, closes the log if the room closed, and sends the views after the line.
  func run() {
    if let log { self.restartsLog ? self.database.restartRoomLog(log) : self.database.appendRoomLog(log) }
    if self.closesLog { self.database.closeRoomLog(self.room) }
    self.messages.forEach { connection, message in self.channel.send(connection, message, after: self.ticket) }
  }
}
