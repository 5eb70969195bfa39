import Dispatch
import Foundation
import Synchronization

/// A serial executor that is also a task executor, running jobs on one thread: its own, or a
/// thread someone else drives (a network event loop).
///
/// A store isolated to an actor on this executor starts its effects with the executor as their
/// preference, so `send -> effect -> send` stays on one thread with no hop.
///
/// ```swift
/// let actor = StoreActor(executor: StoreExecutor(name: "game"))
/// let count = await actor.run { _ in
///   let store = Store(initialState: Counter.State()) { Counter() }
///   await store.send(.incrementLater).finish()
///   return store.count
/// }
/// ```
public final class StoreExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
  private struct Queue {
    var jobs: [PendingJob] = []
    /// An empty buffer that the runner swaps with `jobs`, so that neither side allocates.
    var spare: [PendingJob] = []
    var isWaiting = false
  }

  /// A job and whether it runs isolated to the executor's actors or only on its thread.
  private struct PendingJob {
    let job: UnownedJob
    let isIsolated: Bool
  }

  private let queue = Mutex(Queue())
  private let wake: @Sendable () -> Void
  /// Whether another loop drives this executor (``init(wakingWith:)``).
  private let isDrivenByOwner: Bool
  /// Whether the owner drains the executor from whichever thread runs a serial queue (the main
  /// queue, whose jobs run on any thread after `dispatchMain()`): the executor is current only
  /// while ``runPending()`` runs, not on a thread of its own.
  private let drainsOnAnyThread: Bool
  private let semaphore = DispatchSemaphore(value: 0)
  private let threadID = Atomic<UInt>(0)
  private let enqueued = Atomic<UInt64>(0)
  private let wakes = Atomic<UInt64>(0)

  /// The task executor that effects prefer: it runs their nonisolated code on this executor's
  /// thread without claiming the isolation of its actors, so that code does not hop back and
  /// forth between the actor and the thread.
  public var nonisolatedExecutor: StoreTaskExecutor { self._nonisolatedExecutor! }

  // NB: Set once, at the end of `init`: it refers back to this executor.
  private var _nonisolatedExecutor: StoreTaskExecutor?

  /// How many jobs were enqueued so far, and how many of them had to wake the thread.
  public var statistics: (jobs: UInt64, wakes: UInt64) {
    (self.enqueued.load(ordering: .relaxed), self.wakes.load(ordering: .relaxed))
  }

  /// An executor with a thread of its own, named `name`, that runs until the process ends.
  public init(name: String) {
    let semaphore = self.semaphore
    self.wake = { semaphore.signal() }
    self.isDrivenByOwner = false
    self.drainsOnAnyThread = false
    self._nonisolatedExecutor = StoreTaskExecutor(base: self)
    // NB: The thread keeps the executor alive: it runs until the process ends.
    let thread = Thread { [self] in
      self.threadID.store(Self.currentThreadID(), ordering: .releasing)
      while true {
        if self.runPending() == 0 {
          let shouldWait = self.queue.withLock { queue -> Bool in
            if queue.jobs.isEmpty {
              queue.isWaiting = true
              return true
            }
            return false
          }
          if shouldWait { self.semaphore.wait() }
        }
      }
    }
    thread.name = name
    thread.start()
  }

  /// An executor driven by its owner: `wake` is called (from any thread) when jobs arrive
  /// while the owner may be idle, and the owner calls ``runPending()`` on its thread.
  public convenience init(wakingWith wake: @escaping @Sendable () -> Void) {
    self.init(wakingWith: wake, drainsOnAnyThread: false)
  }

  /// An executor driven by its owner; with `drainsOnAnyThread`, from whichever thread runs the
  /// owner's serial queue, and current only while ``runPending()`` runs.
  init(wakingWith wake: @escaping @Sendable () -> Void, drainsOnAnyThread: Bool) {
    self.wake = wake
    self.isDrivenByOwner = true
    self.drainsOnAnyThread = drainsOnAnyThread
    self._nonisolatedExecutor = StoreTaskExecutor(base: self)
  }

  /// Runs the jobs queued so far, on the calling thread; returns how many ran.
  @discardableResult
  public func runPending() -> Int {
    if self.drainsOnAnyThread {
      let outer = self.threadID.exchange(Self.currentThreadID(), ordering: .acquiringAndReleasing)
      defer { self.threadID.store(outer, ordering: .releasing) }
      return self.runQueued()
    }
    if self.threadID.load(ordering: .relaxed) == 0 {
      self.threadID.store(Self.currentThreadID(), ordering: .releasing)
    }
    return self.runQueued()
  }

  private func runQueued() -> Int {
    var count = 0
    var batch: [PendingJob] = []
    while true {
      // NB: The batch and the queue trade buffers: the queue keeps one with capacity, and the
      //     batch is the only owner of the jobs it runs, so emptying it does not allocate.
      let isEmpty = self.queue.withLock { queue -> Bool in
        if batch.capacity == 0 { swap(&batch, &queue.spare) }
        guard !queue.jobs.isEmpty else {
          // NB: An owner-driven executor goes idle when its queue is empty: the next job wakes
          //     it.
          if self.isDrivenByOwner { queue.isWaiting = true }
          swap(&batch, &queue.spare)
          return true
        }
        swap(&batch, &queue.jobs)
        return false
      }
      if isEmpty { return count }
      let serialExecutor = self.asUnownedSerialExecutor()
      let taskExecutor = self.nonisolatedExecutor.asUnownedTaskExecutor()
      for pending in batch {
        if pending.isIsolated {
          pending.job.runSynchronously(isolatedTo: serialExecutor, taskExecutor: taskExecutor)
        } else {
          pending.job.runSynchronously(on: taskExecutor)
        }
      }
      count += batch.count
      batch.removeAll(keepingCapacity: true)
    }
  }

  /// Enqueues a job of one of the executor's actors (or of a task that prefers the executor
  /// itself), run isolated to the executor.
  public func enqueue(_ job: consuming ExecutorJob) {
    self.enqueue(UnownedJob(job), isIsolated: true)
  }

  /// Enqueues a job, to run on the executor's thread.
  func enqueue(_ job: UnownedJob, isIsolated: Bool) {
    let shouldWake = self.queue.withLock { queue -> Bool in
      queue.jobs.append(PendingJob(job: job, isIsolated: isIsolated))
      defer { queue.isWaiting = false }
      return queue.isWaiting
    }
    self.enqueued.add(1, ordering: .relaxed)
    // NB: The owner's own thread drains the queue before it waits again: waking it is a wasted
    // system call (for the libwebsockets loop, a pipe write and one more turn of the loop).
    if shouldWake, !self.isCurrent {
      self.wakes.add(1, ordering: .relaxed)
      self.wake()
    }
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  public func checkIsolated() {
    precondition(self.isCurrent, "Expected to run on \(self)'s thread")
  }

  /// Whether the calling thread is the one that runs this executor's jobs.
  public var isCurrent: Bool {
    self.threadID.load(ordering: .acquiring) == Self.currentThreadID()
  }

  private static func currentThreadID() -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(currentThreadPointer())))
  }
}

#if canImport(Glibc)
  import Glibc
  private func currentThreadPointer() -> UnsafeRawPointer? {
    UnsafeRawPointer(bitPattern: UInt(pthread_self()))
  }
#else
  import Darwin
  private func currentThreadPointer() -> UnsafeRawPointer? {
    UnsafeRawPointer(pthread_self())
  }
#endif
