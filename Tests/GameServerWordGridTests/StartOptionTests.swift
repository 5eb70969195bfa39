import Dependencies
import Foundation
import GameServerGame
import GameServerWordGrid
import Testing

/// The word list comes to a server through the seam: the word grid's start option, which the
/// server reads from `serve --dictionary` without naming the game.
struct StartOptionTests {
  /// A word list file of `count` distinct words of three letters and more.
  func wordList(_ count: Int) throws -> String {
    let letters: [Character] = Array("abcdefghijklmnopqrstuvwxyz")
    var words: [String] = []
    for n in 0..<count {
      let first: Character = letters[n / 676 % 26]
      let second: Character = letters[n / 26 % 26]
      let third: Character = letters[n % 26]
      words.append(String([first, second, third, "x"]))
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString).txt").path
    try words.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func theCatalogOffersTheWordListOnce() {
    #expect(WordGrid.startOptions.map(\.name) == ["dictionary"])
    #expect(GameCatalog([WordGrid.self, WordGrid.self]).startOptions.map(\.name) == ["dictionary"])
    #expect(GameCatalog([]).startOptions.isEmpty)
  }

  @Test func aWordListGivenIsTheOneTheGamesRunWith() throws {
    let path = try wordList(1_200)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let setup = try GameCatalog([WordGrid.self]).prepare(["dictionary": path])
    var dependencies = DependencyValues()
    setup(&dependencies)
    #expect(dependencies.wordDictionary.count == 1_200)
    #expect(dependencies.wordDictionary.contains("abcx"))
  }

  @Test func aWordListTooSmallOrMissingIsRefusedWithItsReason() throws {
    let path = try wordList(999)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      throws: GameStartError(
        "The word list \(path) has 999 usable words (3 or more letters a to z, one a line); at least 1000 are needed.")
    ) {
      try GameCatalog([WordGrid.self]).prepare(["dictionary": path])
    }
    let missing = "/nonexistent/words.txt"
    let error = try #require(throws: GameStartError.self) {
      try GameCatalog([WordGrid.self]).prepare(["dictionary": missing])
    }
    // NB: One sentence, one full stop (Debian's missing list's line once ended "PATH..").
    #expect(error.description == "Cannot read the word list at \(missing).")
    let none = try #require(throws: GameStartError.self) { try WordDictionary.served(from: nil, searching: [missing]) }
    #expect(none.description.hasPrefix("No word list found (looked for \(missing))."))
    #expect(none.description.hasSuffix(" or pass --dictionary PATH."))
  }
}

/// A catalog a server cannot serve is refused at start, saying which games.
struct CatalogCheckTests {
  @Test func twoGamesOfOneIdAreRefused() {
    #expect(
      throws: GameStartError(
        "Two games have the id \"wordgrid\": GameServerWordGrid.WordGrid and GameServerWordGrid.WordGrid.")
    ) {
      try GameCatalog([WordGrid.self, WordGrid.self]).check(reserved: [])
    }
  }

  @Test func movesNamedAsTheProtocolsMessagesAreRefused() {
    #expect(throws: GameStartError("The game \"wordgrid\" has moves named as the protocol's own messages: pass, word."))
    {
      try GameCatalog([WordGrid.self]).check(reserved: ["word", "pass", "queue"])
    }
  }

  @Test func aCatalogOfDistinctGamesAndMovesPasses() throws {
    try GameCatalog([WordGrid.self]).check(reserved: ["queue", "guest"])
  }
}
