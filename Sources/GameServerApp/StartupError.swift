import Foundation
import GameServerDatabase
import GameServerSQLite

/// Why the server could not start, in one line a person can act on.
///
/// ```swift
/// do { try await GameServerApp.start(configuration) } catch { print("game-server: \(error)") }
/// ```
public enum StartupError: Error, Equatable, CustomStringConvertible {
  case dataNotAFolder(String)
  case dataNotWritable(String, reason: String)
  case diskFull(String)
  case database(String, reason: String)
  /// A game's start option could not be read (a word list): the game's own line.
  case game(String)

  public var description: String {
    switch self {
    case let .dataNotAFolder(path): "--data \(path) is a file, not a folder."
    case let .dataNotWritable(path, reason): "--data \(path) is not writable (\(reason))."
    case let .diskFull(path): "The disk holding --data \(path) is full."
    case let .database(path, reason): "Cannot open the database in \(path): \(reason)."
    case let .game(reason): reason
    }
  }

  /// The data folder, made if missing, checked to be a folder this process can write.
  static func checkDataDirectory(_ path: String) throws(StartupError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw .dataNotAFolder(path) }
    } else {
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        throw .database(path, StorageProblem(error))
      }
    }
    guard access(path, W_OK | X_OK) == 0 else { throw .dataNotWritable(path, reason: Self.reason(errno: errno)) }
  }

  /// The error for a database that would not open or migrate.
  static func database(_ path: String, _ problem: StorageProblem) -> StartupError {
    switch problem {
    case .diskFull: .diskFull(path)
    case .readOnly: .dataNotWritable(path, reason: "read-only")
    case let .failed(reason): .database(path, reason: reason)
    }
  }

  private static func reason(errno code: Int32) -> String {
    code == 0 ? "unknown reason" : String(cString: strerror(code))
  }
}
