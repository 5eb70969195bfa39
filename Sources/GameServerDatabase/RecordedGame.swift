import Foundation
import GameServerJSON
import GameServerWire
import Synchronization

/// A finished game as a database keeps it: its number there, its record, and its replay.
///
/// The **replay** is the room's log from the line that last started it (the room's opening
/// snapshot, or the snapshot a rematch or a mended log started it again with: see
/// `Server.Settings.gamesPerRoomLog`) through the line that ended this game, each line's JSON as
/// it was logged: the room as it was then (seats, the game's setup with any seed it drew), and
/// every event after it in order (seats coming and going, each move, each clock's expiry, each
/// forfeit). Played through the room's reducer, it gives the room as the game ended. A game
/// played after rematches replays the room's earlier games of the same log first.
///
/// It is kept with the record, in the same transaction that records the game, for as long as
/// the record (every store keeps records for good); closing the room and compacting its log do
/// not touch it. A store keeps each game's own lines only (since the previous game of the same
/// log ended), with the number of that game: the replay is those put end to end. It holds every
/// seat's secrets, and exists only once the game is over: it is never sent to players as it is
/// (not in `history`; a player's `replay` is the views they were sent, played from it), only
/// exported by an operator (`game-server export-game`). `nil` for a game
/// recorded before replays were kept.
///
/// ```swift
/// let game = try await database.fetchRecordedGame(12)!
/// print(try game.exported())    // {"v":1,"game":12,"record":{…},"log":["{…}",…]}
/// ```
public struct RecordedGame: Equatable, Sendable {
  /// The game's number in its database.
  public var id: Int64
  public var record: GameRecord
  /// The room's log through the game's end: each line's JSON, exactly as logged (see above).
  public var replay: [String]?

  public init(id: Int64, record: GameRecord, replay: [String]?) {
    self.id = id
    self.record = record
    self.replay = replay
  }

  /// The game as `game-server export-game` writes it, one JSON object:
  /// `{"v":1,"game":ID,"record":{…},"log":[LINE,…]}`, where `record` is the game's record as stored
  /// and `log` the replay's lines, each a string. Throws ``RecordedGameError/noReplay(_:)`` when
  /// the game has none.
  public func exported() throws -> String {
    guard let lines = self.replay else { throw RecordedGameError.noReplay(self.id) }
    return try JSONStreamEncoder.string(Export(v: 1, game: self.id, record: self.record, log: lines))
  }

  /// Reads what ``exported()`` wrote.
  public init(exported text: String) throws {
    let export: Export
    do {
      export = try JSONDecoder().decode(Export.self, from: Data(text.utf8))
    } catch {
      throw RecordedGameError.notAnExport(String(describing: error))
    }
    guard export.v == 1 else { throw RecordedGameError.notAnExport("version \(export.v), this server reads 1") }
    self.init(id: export.game, record: export.record, replay: export.log)
  }

  private struct Export: Codable {
    var v: Int
    var game: Int64
    var record: GameRecord
    var log: [String]
  }
}

/// Why a recorded game could not be exported or read.
public enum RecordedGameError: Error, Equatable, CustomStringConvertible {
  /// The game has no replay (recorded before replays were kept).
  case noReplay(Int64)
  /// The text is not a game as `export-game` writes it.
  case notAnExport(String)

  public var description: String {
    switch self {
    case let .noReplay(id): "game \(id) has no replay: it was recorded before replays were kept"
    case let .notAnExport(reason): "not an exported game (\(reason))"
    }
  }
}

/// A game's own part of its replay, as a store keeps it: its lines (one JSON text each, joined by
/// newlines, which compact JSON never holds) and, when they do not start the room's log, the game
/// of the same log they follow.
package struct ReplaySegment: Sendable {
  package var lines: String
  /// Whether the lines follow those of the room's previous game (else they start with the log's
  /// first line).
  package var continues: Bool
  /// The number of the game they follow, where the writer knows it.
  package var previousGame: Int64?

  package init(lines: String, continues: Bool, previousGame: Int64?) {
    self.lines = lines
    self.continues = continues
    self.previousGame = previousGame
  }

  /// The lines of segments put end to end, first to last.
  package static func lines(_ segments: [String]) -> [String] {
    segments.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
  }
}

/// The lines of each open room's log since the room's previous game ended (or since the line
/// that started the log), kept by a database's writer as it writes them, so that a game's part
/// of its replay is made at its end without reading the log back.
///
/// A room's lines are kept from its first line (sequence 0) or from a snapshot that starts its
/// log again; a line that does not follow the last one kept (a room this writer did not see
/// start, as after a restart or a take-over) leaves the room unknown: ``segment(of:through:)`` is
/// then nil, and the writer reads the log back (``adopt(_:lines:)``). A line written again (a
/// batch tried again one write at a time) is kept once. Closing a room forgets it.
///
/// ```swift
/// lines.add(room, sequence: 0, payload: snapshot, startsLog: true)
/// lines.add(room, sequence: 1, payload: move, startsLog: false)
/// lines.segment(of: room, through: 1)        // "{…snapshot…}\n{…move…}", not continuing
/// lines.recorded(room, as: 12, through: 1)   // committed: the next game's lines follow game 12
/// ```
package final class RoomLogLines: Sendable {
  private struct Log {
    var lines: [String]
    /// The sequence of `lines.first`.
    var first: Int
    var continues = false
    var previousGame: Int64?

    var last: Int { self.first + self.lines.count - 1 }
  }

  private let logs = Mutex<[RoomID: Log]>([:])

  package init() {}

  /// A line written.
  package func add(_ room: RoomID, sequence: Int, payload: String, startsLog: Bool) {
    self.logs.withLock { logs in
      if startsLog || sequence == 0 {
        logs[room] = Log(lines: [payload], first: sequence)
        return
      }
      // NB: No copy of the room's log is held while a line is appended: the lines stay where they are.
      guard let last = logs[room]?.last, sequence > last else { return }
      if last == sequence - 1 {
        logs[room]!.lines.append(payload)
      } else {
        logs[room] = nil
      }
    }
  }

  /// The room's whole log as read back (sequence and JSON, in order).
  package func adopt(_ room: RoomID, lines: [(sequence: Int, payload: String)]) {
    guard let first = lines.first?.sequence else { return }
    self.logs.withLock { $0[room] = Log(lines: lines.map(\.payload), first: first) }
  }

  package func forget(_ room: RoomID) {
    _ = self.logs.withLock { $0.removeValue(forKey: room) }
  }

  /// The lines since the room's previous game through `sequence`, the line that ends a game: that
  /// game's part of its replay, if this writer knows them.
  package func segment(of room: RoomID, through sequence: Int) -> ReplaySegment? {
    self.logs.withLock { logs in
      guard let log = logs[room], sequence >= log.first, sequence <= log.last else { return nil }
      return ReplaySegment(
        lines: Self.joined(log.lines[...(sequence - log.first)]), continues: log.continues,
        previousGame: log.previousGame)
    }
  }

  /// The lines joined by newlines, written once into a string of their size (`joined` grows its
  /// string as it goes: several allocations a game on the writer's thread).
  private static func joined(_ lines: ArraySlice<String>) -> String {
    let size = lines.reduce(lines.count - 1) { $0 + $1.utf8.count }
    guard size > 0 else { return "" }
    return String(unsafeUninitializedCapacity: size) { buffer in
      var index = 0
      for line in lines {
        if index > 0 {
          buffer[index] = UInt8(ascii: "\n")
          index += 1
        }
        for byte in line.utf8 {
          buffer[index] = byte
          index += 1
        }
      }
      return index
    }
  }

  /// The game that ended with line `sequence` is recorded (as `game`, where known): the next
  /// game's lines start after it.
  package func recorded(_ room: RoomID, as game: Int64?, through sequence: Int) {
    self.logs.withLock { logs in
      guard let first = logs[room]?.first, let last = logs[room]?.last, sequence >= first, sequence <= last else {
        return
      }
      logs[room]!.lines.removeFirst(sequence - first + 1)
      logs[room]!.first = sequence + 1
      logs[room]!.continues = true
      logs[room]!.previousGame = game
    }
  }
}
