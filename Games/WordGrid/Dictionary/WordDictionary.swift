import Foundation

/// The words a puzzle accepts, in a compact trie.
///
/// Holds lower-case words of 3 or more letters a to z. Each trie node is 8 bytes: a 26-bit
/// mask of the letters that continue it (bit 31 marks the end of a word) and the index of its
/// first child; a node's children sit next to each other in letter order, so stepping to a child
/// is a bit test and a population count.
///
/// ```swift
/// let dictionary = WordDictionary(words: ["cab", "cabs", "queen"])
/// dictionary.contains("cab")  // true
/// dictionary.contains("ca")   // false: shorter than 3 letters
/// ```
public final class WordDictionary: Sendable {
  /// Per node: bits 0 to 25 are the letters of its children, bit 31 marks a word's end.
  let masks: [UInt32]
  /// Per node: the index of its first child.
  let firstChild: [Int32]
  /// The number of words.
  public let count: Int

  static let terminalBit: UInt32 = 1 << 31

  /// The root node's index.
  static let root: Int32 = 0

  /// A dictionary of these words; words that are not 3 or more letters a to z are left out.
  public convenience init(words: some Sequence<String>) {
    var builder = TrieBuilder()
    for word in words {
      builder.insert(Array(word.utf8))
    }
    self.init(builder: builder)
  }

  /// A dictionary of the words in a word-list file, one per line.
  ///
  /// Lines that are not 3 or more lower-case letters a to z (proper nouns, possessives,
  /// accented words) are left out.
  public convenience init(contentsOfFile path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw WordDictionaryError.unreadable(path: path)
    }
    var builder = TrieBuilder()
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      let bytes = buffer.bindMemory(to: UInt8.self)
      var start = 0
      for index in 0...bytes.count {
        if index == bytes.count || bytes[index] == 10 {
          var end = index
          if end > start, bytes[end - 1] == 13 { end -= 1 }
          if end > start {
            builder.insert(UnsafeBufferPointer(rebasing: bytes[start..<end]))
          }
          start = index + 1
        }
      }
    }
    self.init(builder: builder)
  }

  init(builder: TrieBuilder) {
    let (masks, firstChild) = builder.compacted()
    self.masks = masks
    self.firstChild = firstChild
    self.count = builder.wordCount
  }

  /// Whether the dictionary holds `word` (lower case).
  public func contains(_ word: String) -> Bool {
    guard let node = self.node(for: word) else { return false }
    return self.isWord(node)
  }

  /// Whether some word starts with `prefix` (lower case).
  public func hasPrefix(_ prefix: String) -> Bool {
    self.node(for: prefix) != nil
  }

  /// Bytes held by the trie's arrays.
  public var memoryBytes: Int { self.masks.count * 4 + self.firstChild.count * 4 }

  /// The number of trie nodes.
  public var nodeCount: Int { self.masks.count }

  func node(for text: String) -> Int32? {
    var node = Self.root
    for byte in text.utf8 {
      guard (97...122).contains(byte), let next = self.child(of: node, letter: byte - 97) else {
        return nil
      }
      node = next
    }
    return node
  }

  @inline(__always)
  func child(of node: Int32, letter: UInt8) -> Int32? {
    let mask = self.masks[Int(node)]
    let bit: UInt32 = 1 << UInt32(letter)
    guard mask & bit != 0 else { return nil }
    return self.firstChild[Int(node)] + Int32((mask & (bit &- 1)).nonzeroBitCount)
  }

  /// The node reached by a face letter: one step, or two for "QU".
  @inline(__always)
  func child(of node: Int32, face letter: Letter) -> Int32? {
    if letter.code == Letter.quCode {
      guard let q = self.child(of: node, letter: 16) else { return nil }
      return self.child(of: q, letter: 20)
    }
    return self.child(of: node, letter: letter.code)
  }

  @inline(__always)
  func isWord(_ node: Int32) -> Bool { self.masks[Int(node)] & Self.terminalBit != 0 }

  @inline(__always)
  func hasChildren(_ node: Int32) -> Bool { self.masks[Int(node)] & ~Self.terminalBit != 0 }
}

/// Why a word list could not be loaded.
public enum WordDictionaryError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String)
  case notFound(searched: [String])

  public var description: String {
    switch self {
    case let .unreadable(path):
      "Cannot read the word list at \(path)."
    case let .notFound(searched):
      "No word list found (looked for \(searched.joined(separator: ", "))). "
        + "Install Debian's wamerican-large (deploy/deployment/setup.sh does) or pass --dictionary PATH."
    }
  }
}
