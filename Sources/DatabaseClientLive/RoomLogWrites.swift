import Dispatch
import Foundation
import GRDB
import Synchronization

/// Room-log writes, in order, off the caller's thread: the writes that pile up while one
/// transaction commits go together in the next, so a busy server commits a few times a
/// second rather than once per move.
///
/// A batch that fails is written again one write per transaction, so a bad write loses only
/// itself; it is reported on standard error.
final class RoomLogWrites: Sendable {
  typealias Write = @Sendable (Database) throws -> Void

  private let writer: any DatabaseWriter
  private let queue: DispatchQueue
  /// The writes not yet handed to the queue, and whether a flush is already scheduled.
  private let pending = Mutex<(writes: [Write], isScheduled: Bool)>(([], false))

  init(writer: any DatabaseWriter, queue: DispatchQueue) {
    self.writer = writer
    self.queue = queue
  }

  func append(_ write: @escaping Write) {
    let schedule = self.pending.withLock { pending -> Bool in
      pending.writes.append(write)
      defer { pending.isScheduled = true }
      return !pending.isScheduled
    }
    if schedule { self.queue.async { self.flush() } }
  }

  private func flush() {
    let writes = self.pending.withLock { pending -> [Write] in
      defer {
        pending.writes = []
        pending.isScheduled = false
      }
      return pending.writes
    }
    do {
      try self.writer.write { db in
        for write in writes { try write(db) }
      }
    } catch {
      for write in writes {
        do {
          try self.writer.write(write)
        } catch {
          FileHandle.standardError.write(Data("Room log write failed: \(error)\n".utf8))
        }
      }
    }
  }
}
