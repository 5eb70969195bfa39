import GameServerDatabase
import GameServerWire

/// What one room action leaves to do outside the reducer: the log line to queue, whether the
/// room's log closes, and the views to send once the line is committed.
///
/// One object, run by an effect whose closure captures nothing else: Swift then uses the object
/// as the closure's context, so a room action allocates this, not a closure context and a list
/// of views as well.
final class RoomUpdate: Sendable {
  let room: RoomID
  let log: RoomLogEntry?
  let restartsLog: Bool
  let closesLog: Bool
  let ticket: RoomLogTicket
  let messages: ViewsToSend
  let outlets: Outlets

  /// Where a broadcast goes: the client channel and the database, behind one reference, made
  /// once per reducer. (The database client is a score of closures: copying it into each
  /// broadcast retained and released every one of them.)
  final class Outlets: Sendable {
    let channel: ClientChannel
    let database: DatabaseClient

    init(channel: ClientChannel, database: DatabaseClient) {
      self.channel = channel
      self.database = database
    }
  }

  init(
    room: RoomID, log: RoomLogEntry?, restartsLog: Bool, closesLog: Bool, ticket: RoomLogTicket,
    messages: ViewsToSend, outlets: Outlets
  ) {
    self.room = room
    self.log = log
    self.restartsLog = restartsLog
    self.closesLog = closesLog
    self.ticket = ticket
    self.messages = messages
    self.outlets = outlets
  }

  /// Queues the line, closes the log if the room closed, and sends the views after the line.
  func run() {
    let (channel, database) = (self.outlets.channel, self.outlets.database)
    if let log { self.restartsLog ? database.restartRoomLog(log) : database.appendRoomLog(log) }
    if self.closesLog { database.closeRoomLog(self.room) }
    self.messages.forEach { connection, message in channel.send(connection, message, after: self.ticket) }
  }
}
