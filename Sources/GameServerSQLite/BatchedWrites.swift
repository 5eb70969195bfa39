import Dispatch
import Foundation
import GRDB
import GameServerDatabase
import Synchronization

/// Writes gathered into shared transactions, in order, off the caller's thread, by group
/// commit: a write waits only for the commit in progress, and everything queued meanwhile goes
/// into the next one, with no fixed wait.
///
/// When a commit starts is the ``CommitPolicy``: at the first write queued while none runs, or
/// when the owner asks (``commitQueued()``) once a burst of writes is in, which a server does
/// after each round of messages it handles, so that a round's writes share one commit rather
/// than the first of them taking one of its own.
///
/// A write may hand back a completion, run once its transaction has committed (how a game
/// record returns the new ratings). A batch that fails is written again one write per
/// transaction, so a bad write fails alone. When writes start failing the owner hears
/// `.writesFailing` once; a probe then tries a small write every second, and the first write
/// that works again (probe or not) gives `.writesRecovered`.
final class BatchedWrites: Sendable {
  struct Write: Sendable {
    /// Runs in the transaction; returns what to do once it has committed.
    var run: @Sendable (Database) throws -> (@Sendable () -> Void)?
    /// Called instead when the write cannot be made.
    var fail: @Sendable (any Error) -> Void
  }

  /// How long after a failure the probe tries a write.
  static let probeInterval = DispatchTimeInterval.seconds(1)

  private let writer: any DatabaseWriter
  private let queue = DispatchQueue(label: "game-server.batched-writes")
  /// The writes not yet taken by a commit, and whether a flush is scheduled or running.
  private let pending = PendingWrites<Write>()
  private let health: WriteHealth
  private let policy: CommitPolicy
  private let onCommit: @Sendable () -> Void
  /// Transactions committed (a batch written again one write at a time counts each).
  private let commitCount = Atomic<Int>(0)

  /// How many transactions have committed.
  var commits: Int { self.commitCount.load(ordering: .relaxed) }

  /// - Parameters:
  ///   - policy: when a commit starts.
  ///   - onEvent: hears `.writesFailing` and `.writesRecovered`.
  ///   - onCommit: called after each batch commits or fails (on the writer's queue; with
  ///     `.whenAskedOnCaller`, on the thread that asked, for the commits it runs).
  init(
    writer: any DatabaseWriter, policy: CommitPolicy = .onAppend,
    onEvent: @escaping @Sendable (StorageEvent) -> Void = { _ in }, onCommit: @escaping @Sendable () -> Void = {}
  ) {
    self.writer = writer
    self.policy = policy
    self.health = WriteHealth(onEvent: onEvent)
    self.onCommit = onCommit
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
      // NB: Someone waits for this one: it does not wait to be asked (and the caller's thread,
      //     a task's, is not the one to commit on).
      self.startCommit()
    }
  }

  /// How many writes wait for a commit, and whether one is on its way (for tests).
  var queued: (count: Int, isCommitScheduled: Bool) {
    self.pending.queued
  }

  /// Starts committing what is queued, unless a commit is running (what is queued then goes
  /// into the next one). With `.whenAskedOnCaller` the commit runs here, on the caller's thread,
  /// and is over when this returns: in the writer's queue's turn, so it keeps the writes' order
  /// with every other commit.
  func commitQueued() {
    guard self.policy == .whenAskedOnCaller else { return self.startCommit() }
    if self.pending.scheduleCommit() { self.queue.sync { self.flush() } }
  }

  /// Starts committing what is queued on the writer's queue, unless a commit is on its way.
  private func startCommit() {
    if self.pending.scheduleCommit() { self.queue.async { self.flush() } }
  }

  /// Returns once every write appended so far is in the database (or has failed).
  ///
  /// (The flush runs on the writer's queue: a commit running now finishes first.)
  func waitUntilWritten() async {
    await withCheckedContinuation { continuation in
      self.queue.async {
        self.flush()
        continuation.resume()
      }
    }
  }

  func append(_ write: Write) {
    let schedule = self.pending.append(write, startingCommit: self.policy == .onAppend)
    if schedule { self.queue.async { self.flush() } }
  }

  /// Commits what is pending, then what came meanwhile, until nothing is left.
  private func flush() {
    while true {
      let writes = self.pending.take()
      guard !writes.isEmpty else { return }
      self.commit(writes)
      self.onCommit()
    }
  }

  private func commit(_ writes: [Write]) {
    // NB: Completions before the news that writes work again: a room's mending snapshot is
    // known to be in before anyone is told to write another.
    do {
      let completions = try self.writer.write { db in try writes.map { try $0.run(db) } }
      self.commitCount.add(1, ordering: .relaxed)
      for completion in completions { completion?() }
      self.noteSuccess()
    } catch {
      for write in writes {
        do {
          let completion = try self.writer.write { db in try write.run(db) }
          self.commitCount.add(1, ordering: .relaxed)
          completion?()
          self.noteSuccess()
        } catch {
          self.noteFailure(error)
          write.fail(error)
        }
      }
    }
  }

  private func noteSuccess() {
    self.health.succeeded()
  }

  private func noteFailure(_ error: any Error) {
    if self.health.failed(StorageProblem(error)) { self.scheduleProbe() }
  }

  /// While writes fail, tries a small write every second, so that the server hears when they
  /// work again even if nothing else writes.
  private func scheduleProbe() {
    self.queue.asyncAfter(deadline: .now() + Self.probeInterval) {
      guard self.health.isFailing else { return }
      do {
        try self.writer.write { db in
          try db.execute(
            sql: "INSERT OR REPLACE INTO writeProbe (id, at) VALUES (1, ?)",
            arguments: [Date().timeIntervalSince1970])
        }
        self.noteSuccess()
        self.onCommit()
      } catch {
        self.scheduleProbe()
      }
    }
  }
}
