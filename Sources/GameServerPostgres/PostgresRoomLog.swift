import GameServerDatabase
import GameServerRatings
import GameServerWire
import Logging
import PostgresNIO

/// Room-log lines queued on ``PostgresWrites``, with their progress, by the rules of the SQLite
/// writer: a line commits, or fails and breaks its room's log (later lines are refused, even
/// those already queued, so a log never has a gap) until a snapshot that commits mends it. A
/// line that ends a game records the game in the same transaction. Closing a room deletes its
/// lines.
///
/// ```swift
/// roomLog.append(RoomLogEntry(room: id, sequence: 4, encoding: event))
/// roomLog.progress.status(RoomLogTicket(room: id, sequence: 4))   // .pending, then .committed
/// ```
final class PostgresRoomLog: Sendable {
  let progress = RoomLogProgress()
  /// The open rooms' lines, for the replays of the games they end.
  let lines = RoomLogLines()
  private let writes: PostgresWrites
  private let events: @Sendable (StorageEvent) -> Void

  init(writes: PostgresWrites, events: @escaping @Sendable (StorageEvent) -> Void) {
    self.writes = writes
    self.events = events
  }

  /// Queues a line, unless its room's log is broken.
  func append(_ entry: RoomLogEntry) {
    let ticket = entry.ticket
    guard self.progress.mayAppend(ticket) else { return }
    let progress = self.progress
    let line = PostgresWrites.Line(room: entry.room, sequence: entry.sequence, payload: entry.payload)
    self.lines.add(entry.room, sequence: entry.sequence, payload: line.payload, startsLog: false)
    self.writes.append(
      PostgresWrites.Write(
        room: entry.room, seats: entry.seatedPlayers, leaves: entry.leftPlayers, line: line, game: entry.finishedGame,
        replay: self.segment(entry), ending: entry.sequence,
        recorded: self.recorded(entry), isVoid: { progress.status(ticket) == .failed },
        committed: { progress.committed(ticket) }, fail: self.failing(entry)))
  }

  /// Queues a snapshot that starts the room's log again (and mends it if broken): deleting the
  /// old lines and writing the snapshot are one transaction.
  func restart(_ snapshot: RoomLogEntry) {
    let ticket = snapshot.ticket
    self.progress.willRestart(ticket)
    let line = PostgresWrites.Line(room: snapshot.room, sequence: snapshot.sequence, payload: snapshot.payload)
    self.lines.add(snapshot.room, sequence: snapshot.sequence, payload: line.payload, startsLog: true)
    self.writes.append(
      PostgresWrites.Write(
        room: snapshot.room, seats: snapshot.seatedPlayers, leaves: snapshot.leftPlayers, game: snapshot.finishedGame,
        replay: self.segment(snapshot), ending: snapshot.sequence,
        recorded: self.recorded(snapshot),
        run: { connection, logger in
          try await connection.query("DELETE FROM room_log WHERE room = \(snapshot.room.rawValue)", logger: logger)
          try await PostgresWrites.insert([line], connection, logger)
          return nil
        },
        committed: {
          if self.progress.restarted(ticket) { self.events(.roomLogRestored(snapshot.room)) }
        },
        fail: self.failing(snapshot)))
  }

  func close(_ room: RoomID) {
    self.lines.forget(room)
    self.writes.append(
      PostgresWrites.Write(
        room: room, closesRoom: true,
        run: { connection, logger in
          try await connection.query("DELETE FROM room_log WHERE room = \(room.rawValue)", logger: logger)
          return nil
        },
        committed: { self.progress.closed(room) }, fail: { _ in }))
  }

  /// The part of its replay of the game a line ends, if it ends one and the lines are known; the
  /// next game's lines start after it. (Taken as the line is queued: a batch written again one
  /// write at a time does not queue it again.)
  private func segment(_ entry: RoomLogEntry) -> ReplaySegment? {
    guard entry.finishedGame != nil else { return nil }
    let segment = self.lines.segment(of: entry.room, through: entry.sequence)
    self.lines.recorded(entry.room, as: nil, through: entry.sequence)
    return segment
  }

  /// What to do once the game a line ends is recorded: tell the server the new ratings.
  private func recorded(_ entry: RoomLogEntry) -> (@Sendable ([PlayerID: RatingUpdate]) -> Void)? {
    guard let game = entry.finishedGame else { return nil }
    return { ratings in self.events(.gameRecorded(entry.room, game.variant, ratings: ratings)) }
  }

  private func failing(_ entry: RoomLogEntry) -> @Sendable (any Error) -> Void {
    let ticket = entry.ticket
    return { _ in
      if self.progress.failed(ticket) { self.events(.roomLogFailed(entry.room)) }
    }
  }
}
