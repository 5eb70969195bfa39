import Foundation
import Testing

/// Every Swift example in the README and in the documentation catalogs (`*.docc` under `Sources/`
/// and `Games/`) is compiled and run: each ```swift block appears, line for line (indentation and
/// blank lines aside), in a Swift file under `Tests/` (a test target, or the user package, which CI
/// builds and tests from its own manifest). An example that drifts from its test fails here.
struct DocumentationExamplesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The Markdown files that hold examples: the README and every article of every catalog.
  static func documents() -> [URL] {
    var documents = [root.appendingPathComponent("README.md")]
    for folder in ["Sources", "Games"] {
      documents += files(under: root.appendingPathComponent(folder)) {
        $0.pathExtension == "md" && $0.path.contains(".docc/")
      }
    }
    return documents
  }

  static func files(under folder: URL, where wanted: (URL) -> Bool) -> [URL] {
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    var found: [URL] = []
    while let file = enumerator?.nextObject() as? URL {
      // NB: A scratch folder of the user package's own, if one was made there.
      if file.path.contains("/.build") { continue }
      if wanted(file) { found.append(file) }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// The ```swift blocks of a Markdown text, each with the line it starts on.
  static func swiftBlocks(in text: String) -> [(line: Int, code: String)] {
    var blocks: [(Int, String)] = []
    var current: [String]?
    var start = 0
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var lines = current {
        if trimmed == "```" {
          blocks.append((start, lines.joined(separator: "\n")))
          current = nil
        } else {
          lines.append(String(line))
          current = lines
        }
      } else if trimmed == "```swift" {
        current = []
        start = index + 1
      }
    }
    return blocks
  }

  /// The text with each line trimmed and blank lines left out, so that indentation does not count.
  static func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: "\n")
  }

  @Test func everySwiftExampleIsCompiledByATest() throws {
    let sources = Self.files(under: Self.root.appendingPathComponent("Tests")) { $0.pathExtension == "swift" }
    let corpus = try sources.map { Self.normalized(try String(contentsOf: $0, encoding: .utf8)) }
    var examples = 0
    for document in Self.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      for (line, code) in Self.swiftBlocks(in: text) {
        examples += 1
        let example = Self.normalized(code)
        let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
        #expect(
          corpus.contains { $0.contains(example) },
          "The Swift example at \(name):\(line) is in no Swift file under Tests/: \(code.prefix(80))")
      }
    }
    // NB: The examples of the README and of the articles ("Getting started", "Testing games",
    // "Adding a game", "Driving a store from a server thread", ...): finding none means the search
    // is broken, not that every example is right.
    #expect(examples >= 10)
  }

  @Test func aBlockIsReadWithTheLineItStartsOn() {
    let text = "# Title\n\n```swift\nlet a = 1\n  let b = 2\n```\n\n```json\n{}\n```\n```swift\nx()\n```\n"
    let blocks = Self.swiftBlocks(in: text)
    #expect(blocks.map(\.line) == [3, 11])
    #expect(blocks.map(\.code) == ["let a = 1\n  let b = 2", "x()"])
    #expect(Self.normalized("  a\n\n   b  \n") == "a\nb")
  }
}
