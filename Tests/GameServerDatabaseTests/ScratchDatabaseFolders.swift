import Foundation
import Synchronization

/// Folders for databases that outlive the function that made them (the contract tests' file
/// databases), removed when the test process exits instead of left in the temporary folder.
enum ScratchDatabaseFolders {
  private static let folders = Mutex<[URL]>([])

  private static let removalAtExit: Void = {
    atexit { ScratchDatabaseFolders.removeAll() }
  }()

  /// A new folder, to be removed at exit.
  static func make() -> URL {
    _ = Self.removalAtExit
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("db-\(UUID())")
    Self.folders.withLock { $0.append(folder) }
    return folder
  }

  private static func removeAll() {
    for folder in Self.folders.withLock({ $0 }) { try? FileManager.default.removeItem(at: folder) }
  }
}
