import Synchronization

/// The connections open on all of a server's service threads, against its limit.
final class ConnectionCount: Sendable {
  private let count = Atomic<Int>(0)

  var value: Int { self.count.load(ordering: .relaxed) }

  /// Counts one more connection unless `limit` are open; whether it did.
  func reserve(below limit: Int) -> Bool {
    var current = self.count.load(ordering: .relaxed)
    while current < limit {
      let (exchanged, original) = self.count.compareExchange(
        expected: current, desired: current + 1, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
    return false
  }

  func release() { self.count.subtract(1, ordering: .relaxed) }
}
