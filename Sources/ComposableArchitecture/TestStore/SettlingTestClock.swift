import Clocks
import Foundation
import IssueReporting

/// A test clock that runs test stores' effects as it moves: swift-clocks' `TestClock`, made
/// deterministic for test stores (not in TCA).
///
/// It has the API of swift-clocks' `TestClock`, which this module re-exports: `TestClock()` is
/// swift-clocks' own, as in TCA, whatever a test imports. The difference is determinism. Before
/// it looks for the next sleep to end, and after it ends one, ``advance(by:)`` runs every live
/// ``TestStore``'s pending effects until each is suspended again, so a timer effect woken at one
/// second has slept again before the clock looks at two seconds, however busy the machine is.
/// swift-clocks' clock yields instead, which usually gives the effect time to sleep again.
///
/// ```swift
/// let clock = SettlingTestClock()
/// let store = TestStore(initialState: Timer.State()) {
///   Timer()
/// } withDependencies: {
///   $0.continuousClock = clock
/// }
/// await store.send(.start)
/// await clock.advance(by: .seconds(2))
/// await store.receive(\.tick) { $0.seconds = 1 }
/// await store.receive(\.tick) { $0.seconds = 2 }
/// ```
public final class SettlingTestClock<Duration: DurationProtocol & Hashable>: Clock, @unchecked Sendable {
  /// A point in the test clock's time: an offset from its start.
  public struct Instant: InstantProtocol {
    let offset: Duration

    /// The instant `offset` after the start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Self {
      Self(offset: self.offset + duration)
    }

    public func duration(to other: Self) -> Duration {
      other.offset - self.offset
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Storage {
    var now: Instant
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    /// Sleeps cancelled before they were registered.
    var cancelled: Set<UInt64> = []
  }

  private let storage: LockIsolated<Storage>

  public var minimumResolution: Duration = .zero

  /// The current time: it moves only when the clock is advanced.
  public var now: Instant { self.storage.value.now }

  /// A clock that starts at `now`.
  public init(now: Instant = .init()) {
    self.storage = LockIsolated(Storage(now: now))
  }

  /// Suspends until the clock is advanced to `deadline`; a deadline already past returns at
  /// once. Cancelling the task ends the sleep with `CancellationError`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = self.storage.withValue { storage -> UInt64? in
      guard deadline >= storage.now else { return nil }
      defer { storage.nextID += 1 }
      return storage.nextID
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let wasCancelled = self.storage.withValue { storage -> Bool in
          if storage.cancelled.remove(id) != nil { return true }
          storage.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if wasCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let sleeper = self.storage.withValue { storage -> Sleeper? in
        guard let index = storage.sleepers.firstIndex(where: { $0.id == id }) else {
          storage.cancelled.insert(id)
          return nil
        }
        return storage.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
    // NB: A sleep cancelled as it ended still ends in cancellation, as a clock's sleep does.
    self.storage.withValue { _ = $0.cancelled.remove(id) }
    try Task.checkCancellation()
  }

  /// Throws swift-clocks' `SuspensionError` when some sleep is suspended, once test stores'
  /// effects have run as far as they can.
  public func checkSuspension() async throws {
    await TestEffectsExecutor.settle()
    guard self.storage.value.sleepers.isEmpty else { throw Self.suspensionError }
  }

  // NB: swift-clocks' error, so that `catch is SuspensionError` holds for either clock. Its
  //     initializer is internal to swift-clocks; it has no stored properties, so any value of its
  //     (zero) size is it. `SettlingTestClockTests` checks the throw.
  private static var suspensionError: Clocks.SuspensionError {
    unsafeBitCast((), to: Clocks.SuspensionError.self)
  }

  /// Moves time forward by `duration`, ending every sleep due by then, in order of deadline.
  nonisolated(nonsending)
    public func advance(by duration: Duration = .zero) async
  {
    await self.advance(to: self.now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, ending every sleep due by then, in order of deadline.
  ///
  /// Test stores' effects run until suspended before each sleep is looked for and after each
  /// ends, so a sleep that an ended one leads to is ended too when it is due.
  nonisolated(nonsending)
    public func advance(to deadline: Instant) async
  {
    await TestEffectsExecutor.settle()
    while true {
      let next = self.storage.withValue { storage -> Sleeper? in
        guard
          let index = storage.sleepers.indices.min(by: {
            storage.sleepers[$0].deadline < storage.sleepers[$1].deadline
              || (storage.sleepers[$0].deadline == storage.sleepers[$1].deadline
                && storage.sleepers[$0].id < storage.sleepers[$1].id)
          }),
          storage.sleepers[index].deadline <= deadline
        else {
          if storage.now < deadline { storage.now = deadline }
          return nil
        }
        let sleeper = storage.sleepers.remove(at: index)
        if storage.now < sleeper.deadline { storage.now = sleeper.deadline }
        return sleeper
      }
      guard let next else { break }
      next.continuation.resume()
      await TestEffectsExecutor.settle()
    }
  }

  /// Advances the clock until no sleep is left; reports an issue when sleeps are still
  /// suspended after `duration` of real time and at least 100 ended sleeps (an effect that
  /// sleeps in a loop that is never cancelled).
  ///
  /// The count keeps a busy machine, where a few sleeps can take longer than `duration`, from
  /// failing a run that ends.
  nonisolated(nonsending)
    public func run(
      timeout duration: Swift.Duration = .milliseconds(500),
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) async
  {
    let clock = ContinuousClock()
    let giveUp = clock.now.advanced(by: duration)
    await TestEffectsExecutor.settle()
    var ended = 0
    while let deadline = self.storage.value.sleepers.map(\.deadline).min() {
      guard ended < 100 || clock.now < giveUp else {
        let sleepers = self.storage.withValue { storage in
          defer { storage.sleepers.removeAll() }
          return storage.sleepers
        }
        for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
        reportIssue(
          """
          Expected all sleeps to finish, but some are still suspended after \(duration).

          An effect may sleep in a loop that is never cancelled, or the clock may need to run \
          for longer than \(duration) to finish its work.
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return
      }
      await self.advance(to: deadline)
      ended += 1
    }
  }
}

extension SettlingTestClock where Duration == Swift.Duration {
  /// A test clock measured in `Swift.Duration`, starting at zero.
  public convenience init() {
    self.init(now: .init())
  }
}
