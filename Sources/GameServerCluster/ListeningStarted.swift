/// Says once that a node's `LISTEN` on a channel is in place, so that the node's start can wait
/// for it: a notification sent before it would be lost (another node's login heard too late).
///
/// ```swift
/// let started = ListeningStarted()
/// Task { await listen(on: channel, ready: started.fire) { ... } }
/// await started.wait(upTo: .seconds(5))
/// ```
final class ListeningStarted: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (self.stream, self.continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// The listener is in place (again, after a reconnection: later calls change nothing).
  @Sendable
  func fire() {
    self.continuation.yield()
    self.continuation.finish()
  }

  /// Returns once the listener is in place, or once `limit` has passed (a database that does
  /// not answer: the node starts anyway, and its listener keeps trying).
  func wait(upTo limit: Duration) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { for await _ in self.stream { return } }
      group.addTask { try? await Task.sleep(for: limit) }
      await group.next()
      group.cancelAll()
    }
  }
}
