import Foundation
import PostgresNIO

/// Where a PostgreSQL database is, read from a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
/// address (what `game-server serve --database` takes).
///
/// ```swift
/// let location = try PostgresLocation("postgres://game@127.0.0.1:5432/games")
/// location.configuration   // for a PostgresClient
/// ```
///
/// `?host=/run/postgresql` connects through the Unix socket in that folder instead of TCP. The
/// connection is not encrypted: `sslmode` other than `disable` is refused rather than ignored.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
  public var host: String
  public var port: Int
  public var user: String
  public var password: String?
  public var database: String
  /// A folder holding the server's Unix socket, used instead of `host` and `port`.
  public var socketFolder: String?

  /// Reads an address; a ``PostgresLocationError`` says what is wrong with a bad one.
  public init(_ address: String) throws(PostgresLocationError) {
    guard let components = URLComponents(string: address),
      let scheme = components.scheme, scheme == "postgres" || scheme == "postgresql"
    else {
      throw PostgresLocationError("\(Self.redacted(address)) is not a postgres://USER@HOST:PORT/DATABASE address")
    }
    guard let user = components.user, !user.isEmpty else {
      throw PostgresLocationError("\(Self.redacted(address)) names no user (postgres://USER@HOST/DATABASE)")
    }
    let database = String(components.path.drop(while: { $0 == "/" }))
    guard !database.isEmpty, !database.contains("/") else {
      throw PostgresLocationError("\(Self.redacted(address)) names no database (postgres://USER@HOST/DATABASE)")
    }
    self.user = user.removingPercentEncoding ?? user
    self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
    self.database = database.removingPercentEncoding ?? database
    self.host = components.host ?? ""
    self.port = components.port ?? 5432
    guard (1...65_535).contains(self.port) else { throw PostgresLocationError("the port \(self.port) is out of range") }
    for item in components.queryItems ?? [] {
      switch (item.name, item.value) {
      case ("host", let folder?) where folder.hasPrefix("/"): self.socketFolder = folder
      case ("sslmode", "disable"?): break
      case ("sslmode", let mode):
        throw PostgresLocationError(
          "sslmode=\(mode ?? "") is not supported: connections to PostgreSQL are not encrypted")
      default: throw PostgresLocationError("unknown option \(item.name) in the database address")
      }
    }
    if self.host.isEmpty, self.socketFolder == nil {
      throw PostgresLocationError("\(Self.redacted(address)) names no host")
    }
  }

  /// The same server, another database on it.
  public func database(_ name: String) -> PostgresLocation {
    var location = self
    location.database = name
    return location
  }

  /// What a `PostgresClient` is made with.
  public var configuration: PostgresClient.Configuration {
    var configuration =
      if let socketFolder {
        PostgresClient.Configuration(
          unixSocketPath: "\(socketFolder)/.s.PGSQL.\(self.port)", username: self.user, password: self.password,
          database: self.database)
      } else {
        PostgresClient.Configuration(
          host: self.host, port: self.port, username: self.user, password: self.password, database: self.database,
          tls: .disable)
      }
    // NB: A server that is down is told at once (a write fails and is retried by the probe),
    // rather than holding every write for the default 10 s.
    configuration.options.connectTimeout = .seconds(2)
    return configuration
  }

  /// The address without its password, for messages.
  public var description: String {
    let host = self.socketFolder.map { "?host=\($0)" } ?? ""
    return "postgres://\(self.user)@\(self.socketFolder == nil ? self.host : ""):\(self.port)/\(self.database)\(host)"
  }

  static func redacted(_ address: String) -> String {
    guard var components = URLComponents(string: address), components.password != nil else { return address }
    components.password = "***"
    return components.string ?? address
  }
}

/// Why a database address cannot be used.
public struct PostgresLocationError: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
