import Foundation
import GameServerDatabase
import GameServerPostgres
import Logging
import PostgresNIO

extension DatabaseClient {
  /// PostgreSQL for a node of a cluster: as ``postgres(_:commitPolicy:onCommit:onEvent:connectWithin:logger:)``,
  /// and the node joins the cluster (``PostgresCluster``) with clients reaching it at `url`. Its
  /// room-log writes go only to rooms it owns. `pairing` groups the tickets of the queue the
  /// nodes share (the server's matchmaking rules; see ``Matchmaking/groups(of:_:settings:)``).
  ///
  /// ```swift
  /// let (database, cluster) = try await DatabaseClient.postgresCluster(
  ///   location, url: "ws://10.0.0.2:8080/", lease: .seconds(5), pairing: pairing)
  /// ```
  public static func postgresCluster(
    _ location: PostgresLocation, url: String, lease: Duration, pairing: @escaping QueuePairing,
    commitPolicy: CommitPolicy = .onAppend,
    onCommit: @escaping @Sendable () -> Void = {}, onEvent: @escaping @Sendable (StorageEvent) -> Void = { _ in },
    connectWithin timeout: Duration = .seconds(10), logger: Logger = DatabaseClient.postgresLogger,
    noticeLogger: Logger? = nil
  ) async throws(StorageProblem) -> (database: DatabaseClient, cluster: PostgresCluster) {
    // NB: The node joins before the database takes its first write: every write is fenced.
    let made = try await self.postgres(
      location, commitPolicy: commitPolicy, onCommit: onCommit, onEvent: onEvent, connectWithin: timeout,
      logger: logger
    ) { client in
      let cluster = PostgresCluster(
        client: client, url: url, lease: lease, pairing: pairing, logger: logger, notices: noticeLogger)
      try await cluster.start()
      return (cluster, PostgresWrites.Fence(check: cluster.fence, held: cluster.heldRooms))
    }
    return (made.database, made.member)
  }
}
