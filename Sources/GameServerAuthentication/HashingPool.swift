import Foundation
import Synchronization

/// A few threads for slow password work, with a bounded queue: work past ``capacity`` is
/// refused at once (``PasswordHasherError/busy``) instead of waiting behind everyone else's.
///
/// Whatever a flood of logins asks, at most ``workers`` hashes run at once and at most
/// ``capacity`` are admitted, so memory (32 MiB per scrypt hash) and the wait of an honest
/// login stay bounded.
///
/// ```swift
/// let pool = HashingPool(workers: 2, capacity: 6)
/// let digest = try await pool.run { try slowHash(password) }
/// ```
public final class HashingPool: @unchecked Sendable {
  /// How many hashes run at once.
  public let workers: Int
  /// How many may be admitted at once, running or waiting.
  public let capacity: Int
  private let queue = OperationQueue()
  private let admitted = Mutex(0)

  public init(workers: Int, capacity: Int) {
    self.workers = max(1, workers)
    self.capacity = max(self.workers, capacity)
    self.queue.name = "password-hashing"
    self.queue.maxConcurrentOperationCount = self.workers
  }

  /// How many are admitted now, running or waiting.
  public var load: Int { self.admitted.withLock { $0 } }

  /// The default: a worker per processor, and three times that admitted.
  public static func standard() -> HashingPool {
    let processors = ProcessInfo.processInfo.activeProcessorCount
    return HashingPool(workers: processors, capacity: 3 * processors)
  }

  /// Runs `work` on the pool's threads, or throws ``PasswordHasherError/busy`` at once when the
  /// pool is full.
  public func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    let isAdmitted = self.admitted.withLock { count -> Bool in
      guard count < self.capacity else { return false }
      count += 1
      return true
    }
    guard isAdmitted else { throw PasswordHasherError.busy }
    return try await withCheckedThrowingContinuation { continuation in
      self.queue.addOperation {
        let result = Result { try work() }
        self.admitted.withLock { $0 -= 1 }
        continuation.resume(with: result)
      }
    }
  }
}

/// Why a password could not be hashed or checked.
public enum PasswordHasherError: Error, Equatable, Sendable {
  /// Too many password checks are running or waiting; try again shortly.
  case busy
}
