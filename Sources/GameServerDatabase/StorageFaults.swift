import Synchronization

/// A switch that makes the in-memory database's writes fail, as a full disk would: for tests
/// of what the server does when it cannot write.
///
/// ```swift
/// let faults = StorageFaults()
/// let database = DatabaseClient.inMemory(faults: faults)
/// faults.fail(with: .diskFull)   // every write from now on fails
/// faults.recover()               // writes work again: `.writesRecovered`
/// ```
public final class StorageFaults: Sendable {
  private let state = Mutex<(problem: StorageProblem?, isFailing: Bool)>((nil, false))
  // NB: A closure in a Mutex is wrapped in two thunks more at each `withLock` (its `inout`
  // converts it to the generic form and back): kept in a box that is only replaced.
  private let recovered = Mutex<Action?>(nil)

  private final class Action: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  public init() {}

  /// Makes every write from now on fail with `problem`.
  public func fail(with problem: StorageProblem) {
    self.state.withLock { $0.problem = problem }
  }

  /// Lets writes work again; the database reports `.writesRecovered` if any had failed.
  public func recover() {
    let wasFailing = self.state.withLock { state -> Bool in
      defer { state = (nil, false) }
      return state.isFailing
    }
    if wasFailing { self.recovered.withLock { $0 }?.run() }
  }

  /// The problem a write meets now, if any.
  var problem: StorageProblem? { self.state.withLock { $0.problem } }

  /// Notes a failed write; returns whether writes were working until now.
  func noteFailure() -> Bool {
    self.state.withLock { state -> Bool in
      defer { state.isFailing = true }
      return !state.isFailing
    }
  }

  func onRecovery(_ action: @escaping @Sendable () -> Void) {
    self.recovered.withLock { $0 = Action(action) }
  }
}
