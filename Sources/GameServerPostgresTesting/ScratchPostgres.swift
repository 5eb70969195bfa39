import Foundation
import GameServerDatabase
import GameServerPostgres
import PostgresNIO
import Synchronization

/// A throwaway PostgreSQL server on loopback, from the installed binaries (Debian's
/// `postgresql` package puts them in `/usr/lib/postgresql/VERSION/bin`): `initdb` in a new
/// folder under the temporary directory, then `postgres` on a free port. For tests and trials:
/// each test takes a fresh database of its own with ``makeDatabase()``.
///
/// ```swift
/// let server = try await ScratchPostgres.shared()
/// let database = try await DatabaseClient.postgres(server.makeDatabase())
/// ```
///
/// The server stops when the process that started it ends, however it ends (the kernel sends
/// it SIGINT: `PR_SET_PDEATHSIG`), and a later start deletes the folders of servers whose
/// process is gone. As root (where `initdb` refuses to run) the server runs as the `postgres`
/// user. `GAME_SERVER_POSTGRES_BIN` names another folder of binaries.
public final class ScratchPostgres: Sendable {
  /// The `postgres` database of the server, as its superuser.
  public let location: PostgresLocation
  /// The folder of its data, socket and log.
  public let folder: String
  private let process: ServerProcess

  /// The folder of PostgreSQL's binaries, if they are installed.
  public static var binaries: String? {
    let fileManager = FileManager.default
    let has = { (folder: String) in fileManager.isExecutableFile(atPath: "\(folder)/initdb") }
    if let folder = ProcessInfo.processInfo.environment["GAME_SERVER_POSTGRES_BIN"] {
      return has(folder) ? folder : nil
    }
    let versions = (try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    for version in versions.compactMap(Int.init).sorted(by: >) where has("/usr/lib/postgresql/\(version)/bin") {
      return "/usr/lib/postgresql/\(version)/bin"
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map(String.init).first(where: has)
  }

  /// What a test says when it skips because PostgreSQL is not installed.
  public static let howToInstall =
    "PostgreSQL is not installed: `bash deploy/deployment/setup.sh --tests` installs it (Debian's postgresql), or set GAME_SERVER_POSTGRES_BIN to a folder holding initdb and postgres"

  private static let started = Mutex<Task<ScratchPostgres, any Error>?>(nil)

  /// The server of this process, started by the first caller.
  public static func shared() async throws -> ScratchPostgres {
    let task = Self.started.withLock { started in
      if let started { return started }
      let task = Task { try await ScratchPostgres.start() }
      started = task
      return task
    }
    return try await task.value
  }

  /// Starts a server of its own.
  public static func start(settings: [String: String] = [:]) async throws -> ScratchPostgres {
    guard let binaries = Self.binaries else { throw ScratchPostgresError(Self.howToInstall) }
    Self.deleteAbandonedFolders()
    let folder = try Self.makeFolder()
    let asUser: [String] = getuid() == 0 ? ["--reuid=postgres", "--regid=postgres", "--init-groups"] : []
    if getuid() == 0 {
      guard let user = getpwnam("postgres") else {
        throw ScratchPostgresError("as root, PostgreSQL runs as the postgres user, and there is none")
      }
      chown(folder, user.pointee.pw_uid, user.pointee.pw_gid)
    }
    try Self.run(
      "/usr/bin/setpriv",
      asUser + [
        "\(binaries)/initdb", "-D", "\(folder)/data", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C",
        "-N",
      ],
      log: "\(folder)/initdb.log")
    let port = try Self.freePort()
    var options = [
      "listen_addresses": "127.0.0.1", "max_connections": "300", "fsync": "off", "full_page_writes": "off",
      "unix_socket_directories": folder,
    ]
    options.merge(settings) { $1 }
    let arguments =
      asUser + ["--pdeathsig", "INT", "\(binaries)/postgres", "-D", "\(folder)/data", "-p", "\(port)"]
      + options.sorted(by: { $0.key < $1.key }).flatMap { ["-c", "\($0.key)=\($0.value)"] }
    let process = try await ServerProcess.start("/usr/bin/setpriv", arguments, log: "\(folder)/postgres.log")
    // NB: Connecting by the socket in the folder: no password, whoever the server runs as.
    let location = try PostgresLocation("postgres://postgres@localhost:\(port)/postgres?host=\(folder)")
    return ScratchPostgres(location: location, folder: folder, process: process)
  }

  private init(location: PostgresLocation, folder: String, process: ServerProcess) {
    self.location = location
    self.folder = folder
    self.process = process
  }

  /// A new, empty database on the server.
  public func makeDatabase() async throws -> PostgresLocation {
    let name = "test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
    let client = PostgresClient(
      configuration: self.location.configuration, backgroundLogger: DatabaseClient.postgresLogger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
    }
    return self.location.database(name)
  }

  /// Runs SQL in a database of the server, as its superuser (for tests that change what a
  /// server would not: a node's lease, say).
  public func execute(_ sql: String, in location: PostgresLocation) async throws {
    let client = PostgresClient(configuration: location.configuration, backgroundLogger: DatabaseClient.postgresLogger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      try await client.query(PostgresQuery(unsafeSQL: sql))
    }
  }

  /// Runs a query that answers one number (`SELECT count(*) …`), as `execute(_:in:)` does.
  public func count(_ sql: String, in location: PostgresLocation) async throws -> Int {
    let client = PostgresClient(configuration: location.configuration, backgroundLogger: DatabaseClient.postgresLogger)
    return try await withThrowingTaskGroup(of: Int.self) { group in
      group.addTask {
        await client.run()
        return 0
      }
      defer { group.cancelAll() }
      for try await count in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(Int.self) { return count }
      return 0
    }
  }

  /// The server's process id.
  public var pid: pid_t { self.process.pid }

  /// Stops the server (SIGINT: a fast shutdown) and returns once it has exited.
  public func stop() async {
    await self.process.stop()
  }

  // MARK: - Starting

  private static func makeFolder() throws -> String {
    var template = Array("\(NSTemporaryDirectory())/game-server-postgres-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw ScratchPostgresError("cannot make a folder: errno \(errno)") }
    let folder = String(cString: made)
    // NB: Who made it, so that a later start knows when it is abandoned.
    try "\(getpid())".write(toFile: "\(folder)/owner", atomically: true, encoding: .utf8)
    chmod(folder, 0o700)
    return folder
  }

  /// Deletes the folders of scratch servers whose process has ended.
  private static func deleteAbandonedFolders() {
    let temporary = NSTemporaryDirectory()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    for name in names where name.hasPrefix("game-server-postgres-") {
      let folder = "\(temporary)/\(name)"
      guard let owner = try? String(contentsOfFile: "\(folder)/owner", encoding: .utf8), let pid = pid_t(owner),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  private static func freePort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ScratchPostgresError("cannot open a socket: errno \(errno)") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
      }
    }
    guard bound else { throw ScratchPostgresError("cannot find a free port: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Runs a command to its end; throws with its log's end when it fails.
  private static func run(_ executable: String, _ arguments: [String], log: String) throws {
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: "/")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw ScratchPostgresError(
        "\(arguments.first { $0.hasSuffix("initdb") } ?? executable) failed: \(output.suffix(600))")
    }
  }
}

/// Why a scratch PostgreSQL server could not start.
public struct ScratchPostgresError: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
