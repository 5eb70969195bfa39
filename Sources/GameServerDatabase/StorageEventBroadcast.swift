import Synchronization

/// Hands each ``StorageEvent`` to every stream made so far and still read: what a database
/// client's `storageEvents` returns. A server that stops reading (its task cancelled) leaves,
/// and a new one starts with the events from then on.
///
/// ```swift
/// let broadcast = StorageEventBroadcast()
/// let events = broadcast.stream()
/// broadcast.yield(.writesRecovered)
/// ```
package final class StorageEventBroadcast: Sendable {
  private let subscribers = Mutex<(next: Int, continuations: [Int: AsyncStream<StorageEvent>.Continuation])>((0, [:]))

  /// How many events wait for a reader before the oldest are dropped.
  package static let buffered = 100_000

  package init() {}

  package func yield(_ event: StorageEvent) {
    let continuations = self.subscribers.withLock { Array($0.continuations.values) }
    for continuation in continuations { continuation.yield(event) }
  }

  package func stream() -> AsyncStream<StorageEvent> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: StorageEvent.self, bufferingPolicy: .bufferingNewest(Self.buffered))
    let id = self.subscribers.withLock { subscribers -> Int in
      defer { subscribers.next += 1 }
      subscribers.continuations[subscribers.next] = continuation
      return subscribers.next
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }
}
