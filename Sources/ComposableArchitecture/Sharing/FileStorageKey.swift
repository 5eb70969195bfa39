import Foundation
import IssueReporting

/// A ``SharedKey`` for a `Codable` value kept as JSON in a file, through
/// `@Dependency(\.sharedFileSystem)`: the disk when live, memory in tests.
///
/// ```swift
/// @Shared(.fileStorage(URL(fileURLWithPath: "/var/lib/game/settings.json")))
/// var settings = Settings()
/// ```
///
/// A file that cannot be read or decoded is reported and the default is used; a write that
/// fails is reported (the value in memory stays changed).
public struct FileStorageKey<Value: Codable>: SharedKey, Sendable {
  /// The file.
  public let id: URL
  let fileSystem: SharedFileSystem

  /// The value kept in the file at `url`.
  public init(_ url: URL) {
    @Dependency(\.sharedFileSystem) var fileSystem
    self.id = url
    self.fileSystem = fileSystem
  }

  /// The file's value; `nil` (the default is used) when there is no file or it does not
  /// decode, which is reported.
  public func load() -> Value? {
    guard let data = self.fileSystem.read(self.id) else { return nil }
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      reportIssue("Can't decode \(Value.self) from \(self.id.path): \(error)")
      return nil
    }
  }

  /// Writes the value as JSON; a failed write is reported.
  public func save(_ value: Value) {
    do {
      try self.fileSystem.write(try JSONEncoder().encode(value), self.id)
    } catch {
      reportIssue("Can't save \(Value.self) to \(self.id.path): \(error)")
    }
  }
}

extension SharedKey {
  /// A `Codable` value kept as JSON in the file at `url`: ``FileStorageKey``.
  public static func fileStorage<Value: Codable>(_ url: URL) -> Self
  where Self == FileStorageKey<Value> {
    FileStorageKey(url)
  }
}

/// How ``FileStorageKey`` reads and writes files.
public struct SharedFileSystem: Sendable {
  /// The file's contents, or `nil` when there is no such file.
  public var read: @Sendable (URL) -> Data?
  /// Writes the file whole.
  public var write: @Sendable (Data, URL) throws -> Void

  /// A file system from its two operations.
  public init(
    read: @escaping @Sendable (URL) -> Data?,
    write: @escaping @Sendable (Data, URL) throws -> Void
  ) {
    self.read = read
    self.write = write
  }

  /// The disk; writes go to a temporary file renamed over the old one, so that a failed write
  /// (a full disk) leaves the old file whole.
  public static let disk = Self(
    read: { try? Data(contentsOf: $0) },
    write: { data, url in try data.write(to: url, options: .atomic) }
  )

  /// Files in memory, for tests.
  public static func inMemory(_ files: [URL: Data] = [:]) -> Self {
    let files = LockIsolated(files)
    return Self(
      read: { url in files.withValue { $0[url] } },
      write: { data, url in files.withValue { $0[url] = data } }
    )
  }
}

extension DependencyValues {
  /// Where ``FileStorageKey`` keeps its files: the disk when live, memory in tests.
  public var sharedFileSystem: SharedFileSystem {
    get { self[SharedFileSystemKey.self] }
    set { self[SharedFileSystemKey.self] = newValue }
  }
}

private enum SharedFileSystemKey: DependencyKey {
  static let liveValue = SharedFileSystem.disk
  static var testValue: SharedFileSystem { .inMemory() }
}
