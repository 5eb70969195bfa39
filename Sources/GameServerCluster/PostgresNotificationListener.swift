import GameServerDatabase
import GameServerPostgres
import Logging
import PostgresNIO

/// Hears one channel's notifications for as long as the process runs, listening again a second
/// after the connection breaks: how a cluster node hears the others (their logins, the shared
/// matchmaking queue).
///
/// ```swift
/// let listener = PostgresNotificationListener(client: client, logger: logger)
/// await listener.start(on: "logins", "logins on other nodes", waitingUpTo: .seconds(5)) { payload in ... }
/// ```
struct PostgresNotificationListener: Sendable {
  let client: PostgresClient
  let logger: Logger

  /// Starts hearing `channel` (called `what` in the log), handing each notification's payload to
  /// `handle`. Returns once the `LISTEN` is in place, so that nothing sent from then on is
  /// missed, or once `limit` has passed (a database that does not answer: the listener goes on
  /// trying).
  func start(
    on channel: String, _ what: String, waitingUpTo limit: Duration,
    _ handle: @escaping @Sendable (String) -> Void
  ) async {
    let started = ListeningStarted()
    Task { await self.listen(on: channel, what, ready: started.fire, handle) }
    await started.wait(upTo: limit)
  }

  /// Hands each notification on `channel` to `handle`, for as long as the process runs; calls
  /// `ready` each time the `LISTEN` is in place.
  private func listen(
    on channel: String, _ what: String, ready: @escaping @Sendable () -> Void,
    _ handle: @escaping @Sendable (String) -> Void
  ) async {
    while true {
      do {
        try await self.client.withConnection { connection in
          try await connection.listen(on: channel) { notifications in
            ready()
            for try await notification in notifications { handle(notification.payload) }
          }
        }
      } catch {
        self.logger.warning("Stopped hearing \(what)", metadata: ["problem": "\(StorageProblem(postgres: error))"])
      }
      try? await Task.sleep(for: .seconds(1))
    }
  }
}
