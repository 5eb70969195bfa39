import Foundation
import GameServerDatabase
import GameServerGame
import GameServerSQLite
import Testing

/// A database closed as a server stops is whole in its file: the copy of that one file an
/// operator takes of a stopped server holds every write.
struct CloseTests {
  @Test func aClosedDatabaseIsWholeInItsFileAlone() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("close-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("game-server.sqlite").path
    let database = try DatabaseClient.sqlite(path: path)
    try await database.createAccount(AccountRecord(player: "player-1", name: "ada", passwordHash: "hash"))
    // NB: A read, as a server's start-up makes: the pool has a reader open as it closes.
    #expect(try await database.fetchAccount("ada") != nil)
    try await database.close()
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(!FileManager.default.fileExists(atPath: path + "-shm"))

    let copy = folder.appendingPathComponent("copy")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    let copied = copy.appendingPathComponent("game-server.sqlite").path
    try FileManager.default.copyItem(atPath: path, toPath: copied)
    let restored = try DatabaseClient.sqlite(path: copied)
    #expect(try await restored.fetchAccount("ada")?.player == "player-1")
    try await restored.close()
  }
}
