import DequeModule
import HeapModule

/// The sleeps a ``ServerClock`` holds: their deadlines, and each sleeper's state by id.
/// Cancelled sleeps leave their entry behind until it is popped or the entries are rebuilt.
///
/// A deadline no earlier than the last one that came in order joins the end of a queue, with
/// no sifting: a server's timers mostly run for the same time (move clocks, grace periods), so
/// they come in order. The others go into a heap; the earliest is the earlier of the two fronts.
struct Timers {
  struct Entry: Comparable {
    var deadline: ContinuousClock.Instant
    var id: UInt64

    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
    }
  }

  enum Sleeper {
    /// Has an id but has not handed over its continuation yet.
    case unregistered
    /// Was cancelled before it handed over its continuation.
    case cancelled
    case waiting(UnsafeContinuation<Void, any Error>)
    /// A scheduled call (``ServerClock/schedule(after:_:)``), with no task behind it.
    case scheduled(@Sendable () -> Void)
  }

  /// What is due: sleepers to resume and calls to make.
  struct Due {
    var sleepers: [UnsafeContinuation<Void, any Error>] = []
    var calls: [@Sendable () -> Void] = []

    var isEmpty: Bool { self.sleepers.isEmpty && self.calls.isEmpty }
  }

  enum Registration {
    case waiting(isEarliest: Bool)
    case cancelled
  }

  private var inOrder = Deque<Entry>()
  private var heap = Heap<Entry>()
  private var sleepers: [UInt64: Sleeper] = [:]
  private var nextID: UInt64 = 0

  /// How many sleeps are under way.
  var count: Int { self.sleepers.count }

  mutating func makeID() -> UInt64 {
    self.nextID += 1
    self.sleepers[self.nextID] = .unregistered
    return self.nextID
  }

  /// The earliest deadline still waited for.
  mutating func earliest() -> ContinuousClock.Instant? {
    self.next()?.entry.deadline
  }

  /// The earliest entry still waited for, and whether it is the heap's (else the queue's);
  /// drops the dead entries in front of it.
  private mutating func next() -> (entry: Entry, inHeap: Bool)? {
    while let top = self.heap.min, !self.isWaiting(top.id) { self.heap.removeMin() }
    while let first = self.inOrder.first, !self.isWaiting(first.id) { self.inOrder.removeFirst() }
    switch (self.heap.min, self.inOrder.first) {
    case let (top?, first?): return top < first ? (top, true) : (first, false)
    case let (top?, nil): return (top, true)
    case let (nil, first?): return (first, false)
    case (nil, nil): return nil
    }
  }

  mutating func register(
    _ id: UInt64, deadline: ContinuousClock.Instant, _ continuation: UnsafeContinuation<Void, any Error>
  ) -> Registration {
    if case .cancelled? = self.sleepers[id] {
      self.sleepers[id] = nil
      return .cancelled
    }
    return .waiting(isEarliest: self.insert(id, .waiting(continuation), at: deadline))
  }

  /// Adds a call at `deadline`; returns its id and whether it is now the earliest deadline.
  mutating func schedule(
    deadline: ContinuousClock.Instant, _ call: @escaping @Sendable () -> Void
  ) -> (id: UInt64, isEarliest: Bool) {
    self.nextID += 1
    return (self.nextID, self.insert(self.nextID, .scheduled(call), at: deadline))
  }

  /// Files `sleeper` under `id` at `deadline`; whether that is now the earliest deadline.
  private mutating func insert(_ id: UInt64, _ sleeper: Sleeper, at deadline: ContinuousClock.Instant) -> Bool {
    let previous = self.earliest()
    self.sleepers[id] = sleeper
    let entry = Entry(deadline: deadline, id: id)
    if let last = self.inOrder.last, entry < last {
      self.heap.insert(entry)
    } else {
      self.inOrder.append(entry)
    }
    return previous.map { deadline < $0 } ?? true
  }

  /// The sleeper to resume with a cancellation, if it was waiting.
  mutating func cancel(_ id: UInt64) -> UnsafeContinuation<Void, any Error>? {
    switch self.sleepers[id] {
    case let .waiting(continuation)?:
      self.sleepers[id] = nil
      self.compactIfMostlyDead()
      return continuation
    case .unregistered?:
      self.sleepers[id] = .cancelled
      return nil
    case .scheduled?:
      self.sleepers[id] = nil
      self.compactIfMostlyDead()
      return nil
    case .cancelled?, nil:
      return nil
    }
  }

  // NB: Rebuild once dead entries outnumber live ones, so re-armed timers cannot pile up.
  private mutating func compactIfMostlyDead() {
    let count = self.heap.count + self.inOrder.count
    if count > 64, count > 2 * self.sleepers.count {
      self.heap = Heap(self.heap.unordered.filter { self.isWaiting($0.id) })
      self.inOrder = Deque(self.inOrder.filter { self.isWaiting($0.id) })
    }
  }

  /// Removes and returns the sleepers and calls whose deadline has come.
  mutating func popDue(at now: ContinuousClock.Instant) -> Due {
    var due = Due()
    while let (top, inHeap) = self.next(), top.deadline <= now {
      if inHeap { self.heap.removeMin() } else { self.inOrder.removeFirst() }
      switch self.sleepers[top.id] {
      case let .waiting(continuation)?:
        self.sleepers[top.id] = nil
        due.sleepers.append(continuation)
      case let .scheduled(call)?:
        self.sleepers[top.id] = nil
        due.calls.append(call)
      default:
        break
      }
    }
    return due
  }

  private func isWaiting(_ id: UInt64) -> Bool {
    switch self.sleepers[id] {
    case .waiting?, .scheduled?: return true
    default: return false
    }
  }
}
