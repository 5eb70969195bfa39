import Dispatch
import Foundation
import GRDB
import Synchronization

/// Writes gathered into shared transactions, in order, off the caller's thread: whatever is
/// appended within ``interval`` commits together, so a busy server commits tens of times a
/// second rather than once per move and once per finished game.
///
/// A write may hand back a completion, run once its transaction has committed (how a game
/// record returns the new ratings). A batch that fails is written again one write per
/// transaction, so a bad write fails alone; a write with no completion reports its failure on
/// standard error.
final class BatchedWrites: Sendable {
  struct Write: Sendable {
    /// Runs in the transaction; returns what to do once it has committed.
    var run: @Sendable (Database) throws -> (@Sendable () -> Void)?
    /// Called instead when the write cannot be made.
    var fail: @Sendable (any Error) -> Void
  }

  /// How long a write may wait for others to join its transaction.
  static let interval = DispatchTimeInterval.milliseconds(10)

  private let writer: any DatabaseWriter
  private let queue = DispatchQueue(label: "game-server.batched-writes")
  /// The writes not yet handed to the queue, and whether a flush is already scheduled.
  private let pending = Mutex<(writes: [Write], isScheduled: Bool)>(([], false))

  init(writer: any DatabaseWriter) {
    self.writer = writer
  }

  /// Queues a write whose failure is only reported.
  func append(_ run: @escaping @Sendable (Database) throws -> Void) {
    self.append(
      Write(
        run: { db in
          try run(db)
          return nil
        },
        fail: { error in FileHandle.standardError.write(Data("Database write failed: \(error)\n".utf8)) }))
  }

  /// Queues a write and waits for its result, committed.
  func write<T: Sendable>(_ run: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      self.append(
        Write(
          run: { db in
            let value = try run(db)
            return { continuation.resume(returning: value) }
          },
          fail: { continuation.resume(throwing: $0) }))
    }
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

  private func append(_ write: Write) {
    let schedule = self.pending.withLock { pending -> Bool in
      pending.writes.append(write)
      defer { pending.isScheduled = true }
      return !pending.isScheduled
    }
    if schedule { self.queue.asyncAfter(deadline: .now() + Self.interval) { self.flush() } }
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
      let completions = try self.writer.write { db in try writes.map { try $0.run(db) } }
      for completion in completions { completion?() }
    } catch {
      for write in writes {
        do {
          try self.writer.write { db in try write.run(db) }?()
        } catch {
          write.fail(error)
        }
      }
    }
  }
}
