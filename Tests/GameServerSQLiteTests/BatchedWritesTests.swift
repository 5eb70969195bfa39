import Foundation
import GRDB
import Synchronization
import Testing

@testable import GameServerSQLite

/// Writes share transactions, keep their order, and a bad one fails alone.
struct BatchedWritesTests {
  let database: DatabaseQueue
  let writes: BatchedWrites

  init() throws {
    self.database = try DatabaseQueue()
    try self.database.write { db in try db.execute(sql: "CREATE TABLE t (n INTEGER PRIMARY KEY)") }
    self.writes = BatchedWrites(writer: self.database)
  }

  func rows() throws -> [Int] {
    try self.database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM t ORDER BY rowid") }
  }

  @Test func writesLandInOrderWithTheirResults() async throws {
    for n in 1...50 {
      self.writes.append { db in try db.execute(sql: "INSERT INTO t (n) VALUES (?)", arguments: [n]) }
    }
    let count = try await self.writes.write { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") ?? 0 }
    #expect(count == 50)
    #expect(try self.rows() == Array(1...50))
  }

  @Test func aBadWriteFailsAloneAndTheOthersLand() async throws {
    self.writes.append { db in try db.execute(sql: "INSERT INTO t (n) VALUES (1)") }
    // NB: A second row with the same key breaks the shared transaction; only it may be lost.
    let duplicate = Task {
      try await self.writes.write { db in try db.execute(sql: "INSERT INTO t (n) VALUES (1)") }
    }
    let last = try await self.writes.write { db -> Int in
      try db.execute(sql: "INSERT INTO t (n) VALUES (2)")
      return 2
    }
    await #expect(throws: DatabaseError.self) { try await duplicate.value }
    #expect(last == 2)
    await self.writes.waitUntilWritten()
    #expect(try self.rows() == [1, 2])
  }
}

/// With `.whenAsked`, queued writes wait until the owner asks for a commit; a write someone
/// awaits commits at once.
struct CommitPolicyTests {
  @Test func writesWaitUntilAskedForUnlessAwaited() async throws {
    let database = try DatabaseQueue()
    try await database.write { db in try db.execute(sql: "CREATE TABLE t (n INTEGER PRIMARY KEY)") }
    let writes = BatchedWrites(writer: database, policy: .whenAsked)
    func count() throws -> Int { try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") ?? 0 } }
    for n in 1...3 {
      writes.append { db in try db.execute(sql: "INSERT INTO t (n) VALUES (?)", arguments: [n]) }
    }
    // Nothing has asked: the writes wait, and no commit is on its way.
    #expect(writes.queued == (count: 3, isCommitScheduled: false))
    #expect(try count() == 0)
    writes.commitQueued()
    await writes.waitUntilWritten()
    #expect(try count() == 3)
    // An awaited write does not wait to be asked, and takes what is queued before it along.
    writes.append { db in try db.execute(sql: "INSERT INTO t (n) VALUES (4)") }
    let total = try await writes.write { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") ?? 0 }
    #expect(total == 4)
  }

  /// With `.whenAskedOnCaller` the owner's ask commits on its own thread, before it returns, and
  /// hears of the commit there; a write someone awaits still goes to the writer's queue.
  @Test func askingCommitsOnTheCallersThread() async throws {
    let database = try DatabaseQueue()
    try await database.write { db in try db.execute(sql: "CREATE TABLE t (n INTEGER PRIMARY KEY)") }
    let commitThreads = Mutex<[UInt]>([])
    let writes = BatchedWrites(
      writer: database, policy: .whenAskedOnCaller,
      onCommit: { commitThreads.withLock { $0.append(UInt(pthread_self())) } })
    func count() throws -> Int { try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") ?? 0 } }
    // NB: No suspension from here to the checks: one thread throughout.
    let asker = UInt(pthread_self())
    for n in 1...3 {
      writes.append { db in try db.execute(sql: "INSERT INTO t (n) VALUES (?)", arguments: [n]) }
    }
    #expect(writes.queued == (count: 3, isCommitScheduled: false))
    writes.commitQueued()
    // Committed, and heard of, before the ask returned, on the thread that asked.
    #expect(writes.queued == (count: 0, isCommitScheduled: false))
    #expect(try count() == 3)
    #expect(commitThreads.withLock { $0 } == [asker])
    // An awaited write commits on the writer's queue, not on the thread that asked last.
    let total = try await writes.write { db in
      try db.execute(sql: "INSERT INTO t (n) VALUES (4)")
      return try Int.fetchOne(db, sql: "SELECT count(*) FROM t") ?? 0
    }
    #expect(total == 4)
    #expect(commitThreads.withLock { $0.count } == 2 && commitThreads.withLock { $0[1] } != asker)
  }
}
