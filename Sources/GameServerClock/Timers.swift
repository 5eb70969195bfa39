import DequeModule
import HeapModule

/// The sleeps a ``ServerClock`` holds: their deadlines, and each sleeper's state by id.
/// Cancelled and moved sleeps leave their entry behind until it is popped or the entries are
/// rebuilt.
///
/// A deadline no earlier than the last one that came in order joins the end of a queue, with
/// no sifting: a server's timers mostly run for the same time (move clocks, grace periods), so
/// they come in order. The others go into a heap; the earliest is the earlier of the two fronts.
struct Timers {
  struct Entry: Comparable {
    /// Since the timers' ``base``: a `Duration` is a plain value, where a
    /// `ContinuousClock.Instant` (a type the standard library may change) is copied and compared
    /// through its type's witnesses, on every move of an entry.
    var deadline: Duration
    var id: UInt64
    /// Which of its id's deadlines this is: a moved call keeps its id, and its earlier entries
    /// are dead.
    var stamp: UInt32

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

  /// A sleeper, and the stamp of its live entry.
  struct Slot {
    var sleeper: Sleeper
    var stamp: UInt32 = 0
  }

  /// What is due: sleepers to resume and calls to make.
  struct Due {
    var sleepers: [UnsafeContinuation<Void, any Error>] = []
    var calls: [@Sendable () -> Void] = []

    var isEmpty: Bool { self.sleepers.isEmpty && self.calls.isEmpty }
  }

  enum Registration {
    case waiting(wakesTimerThread: Bool)
    case cancelled
  }

  /// When the timer thread last planned to wake: a new deadline earlier than that must wake it.
  private enum PlannedWake {
    /// It waits with no deadline.
    case never
    case at(Duration)
  }

  /// The instant deadlines are counted from.
  private let base = ContinuousClock.now
  private var inOrder = Deque<Entry>()
  private var heap = Heap<Entry>()
  private var sleepers = SleeperSlots<Slot>()
  private var plannedWake = PlannedWake.never

  /// How many sleeps are under way.
  var count: Int { self.sleepers.count }

  /// How many deadlines are filed, dead ones included (for tests).
  var entryCount: Int { self.heap.count + self.inOrder.count }

  mutating func makeID() -> UInt64 {
    self.sleepers.add(Slot(sleeper: .unregistered))
  }

  /// The earliest deadline still waited for.
  mutating func earliest() -> ContinuousClock.Instant? {
    self.next().map { self.base.advanced(by: $0.entry.deadline) }
  }

  /// The timer thread's: the earliest deadline still waited for, which it will wake at.
  mutating func planWake() -> ContinuousClock.Instant? {
    let earliest = self.next()?.entry.deadline
    self.plannedWake = earliest.map(PlannedWake.at) ?? .never
    return earliest.map { self.base.advanced(by: $0) }
  }

  /// The earliest entry still waited for, and whether it is the heap's (else the queue's);
  /// drops the dead entries in front of it.
  private mutating func next() -> (entry: Entry, inHeap: Bool)? {
    while let top = self.heap.min, !self.isLive(top) { self.heap.removeMin() }
    while let first = self.inOrder.first, !self.isLive(first) { self.inOrder.removeFirst() }
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
    // NB: An id whose slot is gone was cancelled and emptied.
    guard let slot = self.sleepers[id] else { return .cancelled }
    if case .cancelled = slot.sleeper {
      self.sleepers[id] = nil
      return .cancelled
    }
    self.sleepers[id] = Slot(sleeper: .waiting(continuation))
    return .waiting(wakesTimerThread: self.insert(Entry(deadline: self.offset(deadline), id: id, stamp: 0)))
  }

  /// Adds a call at `deadline`; returns its id and whether the timer thread must wake for it.
  mutating func schedule(
    deadline: ContinuousClock.Instant, _ call: @escaping @Sendable () -> Void
  ) -> (id: UInt64, wakesTimerThread: Bool) {
    let id = self.sleepers.add(Slot(sleeper: .scheduled(call)))
    return (id, self.insert(Entry(deadline: self.offset(deadline), id: id, stamp: 0)))
  }

  /// Moves the scheduled call `id` to `deadline`, keeping its id; whether the timer thread must
  /// wake for it, or `nil` if it is no longer waiting. Its old entry is left dead, as a
  /// cancelled one's is.
  mutating func reschedule(_ id: UInt64, to deadline: ContinuousClock.Instant) -> Bool? {
    let moved = self.sleepers.update(id) { slot -> UInt32? in
      guard case .scheduled = slot.sleeper else { return nil }
      slot.stamp &+= 1
      return slot.stamp
    }
    guard let stamp = moved ?? nil else { return nil }
    self.compactIfMostlyDead()
    return self.insert(Entry(deadline: self.offset(deadline), id: id, stamp: stamp))
  }

  /// Files `entry`; whether it is earlier than the timer thread means to wake.
  private mutating func insert(_ entry: Entry) -> Bool {
    if let last = self.inOrder.last, entry < last {
      self.heap.insert(entry)
    } else {
      self.inOrder.append(entry)
    }
    switch self.plannedWake {
    case .never: return true
    case let .at(wake): return entry.deadline < wake
    }
  }

  /// The sleeper to resume with a cancellation, if it was waiting.
  mutating func cancel(_ id: UInt64) -> UnsafeContinuation<Void, any Error>? {
    switch self.sleepers[id]?.sleeper {
    case let .waiting(continuation)?:
      self.sleepers[id] = nil
      self.compactIfMostlyDead()
      return continuation
    case .unregistered?:
      self.sleepers[id]?.sleeper = .cancelled
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
      self.heap = Heap(self.heap.unordered.filter { self.isLive($0) })
      // NB: Rebuilt with room for as many as before: the re-armed timers that made it this
      //     long come again, and growing back to that size would copy the queue once or twice.
      var live = Deque<Entry>(minimumCapacity: count)
      for entry in self.inOrder where self.isLive(entry) { live.append(entry) }
      self.inOrder = live
    }
  }

  /// Removes and returns the sleepers and calls whose deadline has come.
  mutating func popDue(at now: ContinuousClock.Instant) -> Due {
    let now = self.offset(now)
    var due = Due()
    while let (top, inHeap) = self.next(), top.deadline <= now {
      if inHeap { self.heap.removeMin() } else { self.inOrder.removeFirst() }
      switch self.sleepers[top.id]?.sleeper {
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

  /// `instant` as a deadline: the time from ``base`` to it.
  private func offset(_ instant: ContinuousClock.Instant) -> Duration {
    self.base.duration(to: instant)
  }

  /// Whether `entry` is its sleeper's current deadline, still waited for.
  private func isLive(_ entry: Entry) -> Bool {
    let isLive = self.sleepers.read(entry.id) { slot in
      guard slot.stamp == entry.stamp else { return false }
      switch slot.sleeper {
      case .waiting, .scheduled: return true
      case .unregistered, .cancelled: return false
      }
    }
    return isLive ?? false
  }
}
