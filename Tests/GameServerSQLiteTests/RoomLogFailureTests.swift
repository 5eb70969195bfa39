import Foundation
import GRDB
import GameServerDatabase
import GameServerWire
import Testing

@testable import GameServerSQLite

/// A room-log line that cannot be written breaks its room's log: it and every later line are
/// failed (never written after the gap), the failure is told once, and a snapshot mends it.
struct RoomLogFailureTests {
  /// Reads storage events as they come.
  final class Events: @unchecked Sendable {
    private var iterator: AsyncStream<StorageEvent>.Iterator

    init(_ database: DatabaseClient) { self.iterator = database.storageEvents().makeAsyncIterator() }

    /// The next event that is not a write-health report (those may repeat while a probe finds
    /// space that real writes then do not).
    func next(skippingHealth: Bool = false) async -> StorageEvent? {
      while let event = await self.iterator.next() {
        switch event {
        case .writesFailing, .writesRecovered: if skippingHealth { continue }
        default: break
        }
        return event
      }
      return nil
    }
  }

  func line(_ sequence: Int, _ payload: String = "{}") -> RoomLogEntry {
    RoomLogEntry(room: "room-a", sequence: sequence, payload: payload)
  }

  func ticket(_ sequence: Int) -> RoomLogTicket { RoomLogTicket(room: "room-a", sequence: sequence) }

  @Test func inMemory() async throws {
    let faults = StorageFaults()
    let database = DatabaseClient.inMemory(faults: faults)
    let events = Events(database)
    database.appendRoomLog(self.line(0))
    #expect(database.roomLogStatus(self.ticket(0)) == .committed)
    faults.fail(with: .diskFull)
    database.appendRoomLog(self.line(1))
    database.appendRoomLog(self.line(2))
    #expect(await events.next() == .writesFailing(.diskFull))
    #expect(await events.next() == .roomLogFailed("room-a"))
    try await self.expectBroken(database)
    faults.recover()
    #expect(await events.next() == .writesRecovered)
    // Lines of a broken log are refused even when writes work.
    database.appendRoomLog(self.line(3))
    #expect(database.roomLogStatus(self.ticket(3)) == .failed)
    try await self.expectMended(database, events)
  }

  @Test func sqlite() async throws {
    let queue = try DatabaseQueue()
    let database = try DatabaseClient.sqlite(writer: queue, roomClosesPerCompaction: 1024)
    let events = Events(database)
    database.appendRoomLog(self.line(0))
    await database.flush()
    #expect(database.roomLogStatus(self.ticket(0)) == .committed)
    // NB: The database may not grow by a page: what a full disk does to SQLite. (Vacuumed first:
    // the pages of tables a migration dropped are free, and a line would fit in them.)
    try await queue.writeWithoutTransaction { db in
      try db.execute(sql: "VACUUM")
      let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
      try db.execute(sql: "PRAGMA max_page_count = \(pages)")
    }
    let big = String(repeating: "x", count: 20_000)
    database.appendRoomLog(self.line(1, big))
    database.appendRoomLog(self.line(2))
    await database.flush()
    #expect(await events.next() == .writesFailing(.diskFull))
    #expect(await events.next(skippingHealth: true) == .roomLogFailed("room-a"))
    try await self.expectBroken(database)
    try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1000000") }
    database.appendRoomLog(self.line(3))
    await database.flush()
    #expect(database.roomLogStatus(self.ticket(3)) == .failed)
    try await self.expectMended(database, events)
  }

  /// Line 0 is in, lines 1 and 2 failed and are not in the log.
  func expectBroken(_ database: DatabaseClient) async throws {
    #expect(database.roomLogStatus(self.ticket(0)) == .committed)
    #expect(database.roomLogStatus(self.ticket(1)) == .failed)
    #expect(database.roomLogStatus(self.ticket(2)) == .failed)
    #expect(try await database.fetchRoomLogs()["room-a"]?.map(\.sequence) == [0])
  }

  /// A snapshot (line 4) mends the log; later lines are written again.
  func expectMended(_ database: DatabaseClient, _ events: Events) async throws {
    database.restartRoomLog(self.line(4, #"{"snapshot":true}"#))
    #expect(await events.next(skippingHealth: true) == .roomLogRestored("room-a"))
    database.appendRoomLog(self.line(5))
    await database.flush()
    #expect(database.roomLogStatus(self.ticket(4)) == .committed)
    #expect(database.roomLogStatus(self.ticket(5)) == .committed)
    #expect(try await database.fetchRoomLogs()["room-a"]?.map(\.sequence) == [4, 5])
  }
}
