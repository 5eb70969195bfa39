import Logging
import PostgresNIO

/// A statement whose text never changes (every value in it is bound, arrays included), prepared
/// once on each connection rather than parsed and planned by PostgreSQL on every use. A conforming
/// type makes its query from its values; its `sql` is the text of one made with no values.
///
/// ```swift
/// struct InsertLines: FixedStatement {
///   static let sql = InsertLines([]).query.sql
///   let query: PostgresQuery
///   init(_ lines: [Line]) { self.query = "INSERT … unnest(\(lines.map(\.payload))::text[])" }
/// }
/// try await InsertLines(lines).run(on: connection, logger: logger)
/// ```
protocol FixedStatement: PostgresPreparedStatement where Row == Void {
  var query: PostgresQuery { get }
}

extension FixedStatement {
  func makeBindings() -> PostgresBindings { self.query.binds }

  func decodeRow(_ row: PostgresRow) throws {}

  /// Runs the statement, reading what it returns to its end (a result left unread is
  /// cancelled, not awaited).
  func run(on connection: PostgresConnection, logger: Logger) async throws {
    for try await _ in try await connection.execute(self, logger: logger) {}
  }
}
