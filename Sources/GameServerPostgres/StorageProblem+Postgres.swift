import GameServerDatabase
import PostgresNIO

extension StorageProblem {
  /// The problem behind a PostgreSQL error: a full disk (SQLSTATE 53100), a read-only server
  /// (25006), an unreachable server, or what the server said.
  ///
  /// ```swift
  /// catch { logger.error("\(StorageProblem(postgres: error))") }   // "the disk is full"
  /// ```
  public init(postgres error: any Error) {
    if let problem = error as? StorageProblem {
      self = problem
    } else if let error = error as? PostgresTransactionError,
      let cause = error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError
    {
      self.init(postgres: cause)
    } else if let error = error as? PSQLError {
      switch error.serverInfo?[.sqlState] {
      case "53100"?: self = .diskFull
      case "25006"?: self = .readOnly
      case let state?:
        self = .failed("PostgreSQL error \(state): \(error.serverInfo?[.message] ?? "")")
      case nil:
        self = .failed("PostgreSQL is unreachable (\(error.code))")
      }
    } else {
      self = .failed("PostgreSQL: \(String(reflecting: error))")
    }
  }

  /// Whether PostgreSQL refused the statement itself (a constraint, a type), rather than being
  /// out of reach: a batch that fails so is worth trying again one write at a time.
  static func isStatementError(_ error: any Error) -> Bool {
    if let error = error as? PostgresTransactionError {
      return (error.closureError ?? error.commitError).map(Self.isStatementError) ?? false
    }
    guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return false }
    // NB: Class 08 is the connection; 53 and 57 are the server's resources and its shutting down.
    return !["08", "53", "57"].contains(String(state.prefix(2)))
  }
}
