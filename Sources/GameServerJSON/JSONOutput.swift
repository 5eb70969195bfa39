/// The bytes a ``JSONStreamEncoder`` writes, and the arrays and objects still open in them.
///
/// Containers are closed lazily: writing at a shallower level first closes everything opened
/// deeper, which is how encoding order maps onto nesting. A game writes its view with it where
/// a benchmark shows that `Encodable` costs too much:
///
/// ```swift
/// let output = JSONOutput(capacity: 64)
/// output.raw(#"{"board":"#)
/// output.writeStrings(["X..", ".O.", "..."])
/// output.raw("}")
/// ```
public final class JSONOutput {
  // NB: Not checked for exclusive access at run time: every write appends to it, and the check
  //     (a thread-local access set) cost more than the append. An output is written by one
  //     writer at a time and never handed its own bytes while writing.
  @exclusivity(unchecked) public internal(set) var bytes: [UInt8] = []
  /// The closing byte of each open array or object, outermost first.
  @exclusivity(unchecked) private var closers: [UInt8] = []
  /// Whether each open container has an element yet (so the next one needs a comma).
  @exclusivity(unchecked) private var hasElements: [Bool] = []

  // NB: Only the bytes are reserved: the container stacks allocate when a container is first
  //     opened, and the hand-written views (`raw` and `write`) open none.
  public init(capacity: Int) {
    self.bytes.reserveCapacity(capacity)
  }

  /// Empties the output, keeping the room it has grown.
  func reset() {
    self.bytes.removeAll(keepingCapacity: true)
    self.closers.removeAll(keepingCapacity: true)
    self.hasElements.removeAll(keepingCapacity: true)
  }

  /// How many containers are open.
  var depth: Int { self.closers.count }

  func open(_ opener: UInt8, _ closer: UInt8) {
    self.bytes.append(opener)
    self.closers.append(closer)
    self.hasElements.append(false)
  }

  /// Closes the containers opened deeper than `depth`.
  func close(downTo depth: Int) {
    while self.closers.count > depth {
      self.bytes.append(self.closers.removeLast())
      self.hasElements.removeLast()
    }
  }

  /// Starts an element of the container open at `depth` (1 is the outermost): closes deeper
  /// ones and writes the comma it needs.
  func beginElement(in depth: Int) {
    self.close(downTo: depth)
    if self.hasElements[depth - 1] {
      self.bytes.append(UInt8(ascii: ","))
    } else {
      self.hasElements[depth - 1] = true
    }
  }

  func beginElement(in depth: Int, key: String) {
    self.beginElement(in: depth)
    self.write(key)
    self.bytes.append(UInt8(ascii: ":"))
  }

  /// Bytes of JSON written as they are.
  public func append(_ json: some Collection<UInt8>) {
    self.bytes.append(contentsOf: json)
  }

  /// Text written as it is (JSON syntax, not a string value).
  public func raw(_ text: StaticString) {
    self.bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  public func write(_ value: Bool) {
    value ? self.raw("true") : self.raw("false")
  }

  // NB: Concrete overloads for what games write most: a generic call from another module runs
  // unspecialized.
  public func write(_ value: Int) { self.writeInteger(value) }

  public func write(_ value: some FixedWidthInteger) { self.writeInteger(value) }

  private func writeInteger(_ value: some FixedWidthInteger) {
    if value == 0 {
      self.bytes.append(UInt8(ascii: "0"))
      return
    }
    var magnitude = value.magnitude
    if value < 0 { self.bytes.append(UInt8(ascii: "-")) }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // NB: room for 24 digits, no allocation
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      while magnitude > 0 {
        buffer[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
        count += 1
      }
      for index in stride(from: count - 1, through: 0, by: -1) { self.bytes.append(buffer[index]) }
    }
  }

  public func write(_ value: Double) throws(EncodingError) {
    guard value.isFinite else {
      throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "JSON has no \(value)."))
    }
    if value == value.rounded(), abs(value) < 1e15 {
      self.write(Int(value))
    } else {
      self.bytes.append(contentsOf: value.description.utf8)
    }
  }

  /// An array of strings. (A concrete overload: a generic call from a game's module would run
  /// unspecialized.)
  public func writeStrings(_ texts: [String]) { self.writeStringSequence(texts) }

  /// An array of strings.
  public func writeStrings(_ texts: some Sequence<String>) { self.writeStringSequence(texts) }

  private func writeStringSequence(_ texts: some Sequence<String>) {
    self.raw("[")
    for (index, text) in texts.enumerated() {
      if index > 0 { self.raw(",") }
      self.write(text)
    }
    self.raw("]")
  }

  /// A string in quotes, with `"`, `\` and control characters escaped.
  public func write(_ text: String) {
    self.bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        self.escape(byte)
        start = index + 1
      }
      self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    self.bytes.append(UInt8(ascii: "\""))
  }

  private func escape(_ byte: UInt8) {
    self.bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): self.bytes.append(byte)
    case UInt8(ascii: "\n"): self.bytes.append(UInt8(ascii: "n"))
    case UInt8(ascii: "\r"): self.bytes.append(UInt8(ascii: "r"))
    case UInt8(ascii: "\t"): self.bytes.append(UInt8(ascii: "t"))
    default:
      let hex = Array("0123456789abcdef".utf8)
      self.raw("u00")
      self.bytes.append(hex[Int(byte >> 4)])
      self.bytes.append(hex[Int(byte & 0xF)])
    }
  }

  /// Writes `value` through its `Encodable` form, as ``JSONStreamEncoder`` would, where the
  /// output stands (outside any container this output has open).
  public func encode(_ value: some Encodable) throws {
    try JSONStreamEncoding.write(value, to: self, at: self.depth, codingPath: [])
  }
}
