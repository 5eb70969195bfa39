/// Builds a ``WordDictionary``'s trie: first as linked nodes, then laid out compactly.
struct TrieBuilder {
  private var letters: [UInt8] = [0]
  private var terminal: [Bool] = [false]
  private var firstChild: [Int32] = [-1]
  private var nextSibling: [Int32] = [-1]
  private(set) var wordCount = 0

  /// Adds a word given as bytes; anything but 3 or more bytes a to z is skipped.
  mutating func insert(_ word: some Collection<UInt8>) {
    guard word.count >= 3, word.allSatisfy({ (97...122).contains($0) }) else { return }
    var node: Int32 = 0
    for byte in word {
      let letter = byte - 97
      var child = self.firstChild[Int(node)]
      var previous: Int32 = -1
      while child >= 0, self.letters[Int(child)] < letter {
        previous = child
        child = self.nextSibling[Int(child)]
      }
      if child >= 0, self.letters[Int(child)] == letter {
        node = child
        continue
      }
      let new = Int32(self.letters.count)
      self.letters.append(letter)
      self.terminal.append(false)
      self.firstChild.append(-1)
      self.nextSibling.append(child)
      if previous >= 0 {
        self.nextSibling[Int(previous)] = new
      } else {
        self.firstChild[Int(node)] = new
      }
      node = new
    }
    if !self.terminal[Int(node)] {
      self.terminal[Int(node)] = true
      self.wordCount += 1
    }
  }

  /// Lays the trie out breadth first, each node's children together in letter order.
  func compacted() -> (masks: [UInt32], firstChild: [Int32]) {
    let nodeCount = self.letters.count
    var masks = [UInt32](repeating: 0, count: nodeCount)
    var first = [Int32](repeating: 0, count: nodeCount)
    var queue = [Int32](repeating: 0, count: nodeCount)  // queue[newIndex] = old node
    var head = 0
    var tail = 1
    while head < tail {
      let old = queue[head]
      var mask: UInt32 = self.terminal[Int(old)] ? WordDictionary.terminalBit : 0
      first[head] = Int32(tail)
      var child = self.firstChild[Int(old)]
      while child >= 0 {
        mask |= 1 << UInt32(self.letters[Int(child)])
        queue[tail] = child
        tail += 1
        child = self.nextSibling[Int(child)]
      }
      masks[head] = mask
      head += 1
    }
    return (masks, first)
  }
}
