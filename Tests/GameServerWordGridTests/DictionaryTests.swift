import Foundation
import Testing

@testable import GameServerWordGrid

struct DictionaryTests {
  @Test func holdsWordsOfThreeOrMoreLetters() {
    let dictionary = WordDictionary(words: ["cab", "cabs", "ca", "Cat", "don't", "café", "dog", "cab"])
    #expect(dictionary.count == 3)
    #expect(dictionary.contains("cab"))
    #expect(dictionary.contains("cabs"))
    #expect(dictionary.contains("dog"))
    #expect(!dictionary.contains("ca"))
    #expect(!dictionary.contains("cat"))
    #expect(!dictionary.contains("Cat"))
    #expect(!dictionary.contains("caf"))
    #expect(!dictionary.contains("cabsx"))
    #expect(!dictionary.contains(""))
    #expect(dictionary.hasPrefix("ca"))
    #expect(!dictionary.hasPrefix("cx"))
  }

  @Test func insertionOrderDoesNotMatter() {
    let words = ["zebra", "apple", "app", "apply", "zoo", "ape"]
    let forward = WordDictionary(words: words)
    let backward = WordDictionary(words: words.reversed())
    #expect(forward.masks == backward.masks)
    #expect(forward.firstChild == backward.firstChild)
    for word in words { #expect(forward.contains(word)) }
  }

  @Test func loadsAWordListFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID()).txt")
    try "Aaron\naardvark\nabbey's\ncab\r\ncube\nqueen\nx\n\nzoo".write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let dictionary = try WordDictionary(contentsOfFile: url.path)
    #expect(dictionary.count == 5)
    for word in ["aardvark", "cab", "cube", "queen", "zoo"] { #expect(dictionary.contains(word)) }
    #expect(!dictionary.contains("aaron"))
  }

  @Test func aMissingFileIsAClearError() {
    #expect(throws: WordDictionaryError.unreadable(path: "/nonexistent/words")) {
      try WordDictionary(contentsOfFile: "/nonexistent/words")
    }
    #expect(throws: WordDictionaryError.notFound(searched: ["/nonexistent/words"])) {
      try WordDictionary.load(from: ["/nonexistent/words"])
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: WordDictionary.standardPaths[0])))
  func loadsDebiansLargeList() throws {
    let dictionary = try WordDictionary.load()
    #expect(dictionary.count > 100_000)
    #expect(dictionary.contains("queen"))
    #expect(dictionary.contains("removes"))
    #expect(!dictionary.contains("aaron"))
    #expect(dictionary.memoryBytes < 30_000_000)
  }
}
