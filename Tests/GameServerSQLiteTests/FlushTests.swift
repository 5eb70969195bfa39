import Foundation
import GRDB
import GameServerDatabase
import GameServerSQLite
import Testing

/// `flush` is what a stopping server waits for: queued room-log lines are in the file after it.
struct FlushTests {
  @Test func flushCommitsQueuedRoomLogLines() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("game-server.sqlite").path
    let database = try DatabaseClient.sqlite(path: path)
    for sequence in 0..<5 {
      database.appendRoomLog(RoomLogEntry(room: "room-1", sequence: sequence, payload: "{}"))
    }
    await database.flush()
    // NB: Another connection, as the next run of the server would open.
    let reader = try DatabaseQueue(path: path)
    let count = try await reader.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM roomLog WHERE room = 'room-1'") ?? 0
    }
    #expect(count == 5)
  }
}
