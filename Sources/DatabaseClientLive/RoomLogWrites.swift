import Dispatch
import Foundation
import GRDB
import Synchronization

/// Room-log writes, in order, off the caller's thread: writes go together in one transaction
/// at most every ``interval``, so a busy server commits tens of times a second rather than once
/// per move.
///
/// A batch that fails is written again one write per transaction, so a bad write loses only
/// itself; it is reported on standard error.
final class RoomLogWrites: Sendable {
  typealias Write = @Sendable (Database) throws -> Void

  private let writer: any DatabaseWriter
  private let queue: DispatchQueue
  /// The writes not yet handed to the queue, and whether a flush is already scheduled.
  private let pending = Mutex<(writes: [Write], isScheduled: Bool)>(([], false))

  /// How long a write may wait for others to join its transaction.
  static let interval = DispatchTimeInterval.milliseconds(10)

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
    if schedule { self.queue.asyncAfter(deadline: .now() + Self.interval) { self.flush() } }
  }

  /// Returns once every write appended so far is in the database.
  func waitUntilWritten() async {
    await withCheckedContinuation { continuation in
      self.queue.async {
        self.flush()
        continuation.resume()
      }
    }
  }

  private func flush() {
    let writes = self.pending.withLock { pending -> [Write] in
      defer {
        pending.writes = []
        pending.isScheduled = false
      }
      return pending.writes
    }
    guard !writes.isEmpty else { return }
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
