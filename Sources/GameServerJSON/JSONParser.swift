/// Reads JSON text (RFC 8259) into a ``JSONValue`` straight from bytes, without Foundation.
///
/// Strict: one value with only white space around it, strings of valid UTF-8 with the standard
/// escapes, numbers in JSON's grammar, and at most ``maximumDepth`` nested arrays and objects
/// (deeper input is refused rather than risking the stack). A repeated key keeps its first
/// value, as Foundation's decoder does.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"v":1,"type":"ping"}"#.utf8))
/// value["type"]  // .string("ping")
/// ```
public struct JSONParser {
  /// How deeply arrays and objects may nest.
  public static let maximumDepth = 64

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  /// How many objects had room made for their fields up front (see ``object()``).
  private var objectsGivenRoom = 0
  /// The objects of a message given room for several fields at once: a request's few objects.
  /// Past them an object grows as it fills, so a message of many tiny objects costs no more
  /// memory than it has fields.
  private static let objectsGivenRoomLimit = 4

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses one JSON value that fills `bytes`, or throws where and why it is not JSON.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
      var parser = JSONParser(bytes: buffer)
      parser.skipWhitespace()
      let value = try parser.value()
      parser.skipWhitespace()
      guard parser.index == buffer.count else { throw parser.error("unexpected characters after the value") }
      return value
    }
  }

  private func error(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: self.index, reason: reason)
  }

  private var current: UInt8? {
    self.index < self.bytes.count ? self.bytes[self.index] : nil
  }

  private mutating func skipWhitespace() {
    while let byte = self.current,
      byte == .space || byte == .tab || byte == .newline || byte == .carriageReturn
    {
      self.index += 1
    }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    guard self.current == byte else { throw self.error("expected \(what)") }
    self.index += 1
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    switch self.current {
    case UInt8(ascii: "{")?: return try self.object()
    case UInt8(ascii: "[")?: return try self.array()
    case UInt8(ascii: "\"")?: return .string(try self.string())
    case UInt8(ascii: "t")?:
      try self.literal("true")
      return .bool(true)
    case UInt8(ascii: "f")?:
      try self.literal("false")
      return .bool(false)
    case UInt8(ascii: "n")?:
      try self.literal("null")
      return .null
    case let byte? where byte == UInt8(ascii: "-") || byte.isDigit: return .number(try self.number())
    case nil: throw self.error("unexpected end of input")
    default: throw self.error("unexpected character")
    }
  }

  private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let count = word.utf8CodeUnitCount
    guard self.index + count <= self.bytes.count,
      memcmpEqual(self.bytes.baseAddress! + self.index, word.utf8Start, count)
    else { throw self.error("unknown literal") }
    self.index += count
  }

  private mutating func enter() throws(JSONSyntaxError) {
    self.depth += 1
    guard self.depth <= Self.maximumDepth else { throw self.error("nested more than \(Self.maximumDepth) deep") }
    self.index += 1
    self.skipWhitespace()
  }

  private mutating func object() throws(JSONSyntaxError) -> JSONValue {
    try self.enter()
    if self.current == UInt8(ascii: "}") {
      self.index += 1
      self.depth -= 1
      return .object([:])
    }
    // NB: One allocation for the few fields of a request's object, instead of one each time the
    //     dictionary grows. (Made with room rather than given it by `reserveCapacity`, which is
    //     not specialized here and looks the dictionary's metadata up on every call.)
    var fields: [String: JSONValue]
    if self.objectsGivenRoom < Self.objectsGivenRoomLimit {
      self.objectsGivenRoom += 1
      fields = Dictionary(minimumCapacity: 6)
    } else {
      fields = [:]
    }
    while true {
      guard self.current == UInt8(ascii: "\"") else { throw self.error("expected a key in quotes") }
      let key = try self.string()
      self.skipWhitespace()
      try self.expect(UInt8(ascii: ":"), "':' after a key")
      self.skipWhitespace()
      let value = try self.value()
      // NB: The first of two equal keys counts. (Through the defaulted subscript, which would
      //     hash the key once, it allocates the accessor's frame for every field.)
      if fields[key] == nil { fields[key] = value }
      self.skipWhitespace()
      if self.current == UInt8(ascii: ",") {
        self.index += 1
        self.skipWhitespace()
        continue
      }
      try self.expect(UInt8(ascii: "}"), "',' or '}' in an object")
      self.depth -= 1
      return .object(fields)
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> JSONValue {
    try self.enter()
    var elements: [JSONValue] = []
    if self.current == UInt8(ascii: "]") {
      self.index += 1
      self.depth -= 1
      return .array(elements)
    }
    while true {
      elements.append(try self.value())
      self.skipWhitespace()
      if self.current == UInt8(ascii: ",") {
        self.index += 1
        self.skipWhitespace()
        continue
      }
      try self.expect(UInt8(ascii: "]"), "',' or ']' in an array")
      self.depth -= 1
      return .array(elements)
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    self.index += 1
    let start = self.index
    // NB: Most strings have no escapes: find the closing quote and validate the bytes once.
    var bits: UInt8 = 0
    while let byte = self.current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
      guard byte >= 0x20 else { throw self.error("control character in a string") }
      bits |= byte
      self.index += 1
    }
    guard let stop = self.current else { throw self.error("unterminated string") }
    let plain = UnsafeBufferPointer(rebasing: self.bytes[start..<self.index])
    guard stop == UInt8(ascii: "\\") else {
      // NB: Straight from the message's bytes: no array in between (short strings, most keys
      //     and values, are stored inline and allocate nothing).
      self.index += 1
      // NB: ASCII (most keys and values) is valid as it is; `String(validating:as:)` is generic
      //     code that looks up metadata on every call.
      if bits < 0x80 { return String(decoding: plain, as: UTF8.self) }
      guard let text = String(validating: plain, as: UTF8.self) else {
        throw JSONSyntaxError(offset: start, reason: "a string is not valid UTF-8")
      }
      return text
    }
    var utf8 = Array(plain)
    try self.escapedRest(into: &utf8)
    self.index += 1
    guard let text = String(validating: utf8, as: UTF8.self) else {
      throw JSONSyntaxError(offset: start, reason: "a string is not valid UTF-8")
    }
    return text
  }

  /// Reads the rest of a string from its first backslash, up to the closing quote.
  private mutating func escapedRest(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
    while let byte = self.current, byte != UInt8(ascii: "\"") {
      guard byte >= 0x20 else { throw self.error("control character in a string") }
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        self.index += 1
        continue
      }
      self.index += 1
      guard let escaped = self.current else { break }
      self.index += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(.newline)
      case UInt8(ascii: "r"): utf8.append(.carriageReturn)
      case UInt8(ascii: "t"): utf8.append(.tab)
      case UInt8(ascii: "u"): utf8.append(contentsOf: try self.unicodeEscape())
      default: throw self.error("unknown escape in a string")
      }
    }
    guard self.current != nil else { throw self.error("unterminated string") }
  }

  /// The UTF-8 of a `\uXXXX` escape (the `\u` read), joining a surrogate pair.
  private mutating func unicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
    var scalar = try self.hexQuad()
    if (0xD800..<0xDC00).contains(scalar) {
      guard self.current == UInt8(ascii: "\\"), self.index + 1 < self.bytes.count,
        self.bytes[self.index + 1] == UInt8(ascii: "u")
      else { throw self.error("unpaired surrogate in a string") }
      self.index += 2
      let low = try self.hexQuad()
      guard (0xDC00..<0xE000).contains(low) else { throw self.error("unpaired surrogate in a string") }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00..<0xE000).contains(scalar) {
      throw self.error("unpaired surrogate in a string")
    }
    return Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
  }

  private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = self.current, let digit = byte.hexDigitValue else {
        throw self.error("expected four hex digits after \\u")
      }
      value = value << 4 | UInt32(digit)
      self.index += 1
    }
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> Double {
    let start = self.index
    if self.current == UInt8(ascii: "-") { self.index += 1 }
    guard let first = self.current, first.isDigit else { throw self.error("expected a digit") }
    self.index += 1
    if first != UInt8(ascii: "0") { self.skipDigits() }
    var isInteger = true
    if self.current == UInt8(ascii: ".") {
      isInteger = false
      self.index += 1
      guard self.current?.isDigit == true else { throw self.error("expected a digit after '.'") }
      self.skipDigits()
    }
    if self.current == UInt8(ascii: "e") || self.current == UInt8(ascii: "E") {
      isInteger = false
      self.index += 1
      if self.current == UInt8(ascii: "+") || self.current == UInt8(ascii: "-") { self.index += 1 }
      guard self.current?.isDigit == true else { throw self.error("expected a digit in the exponent") }
      self.skipDigits()
    }
    let text = UnsafeBufferPointer(rebasing: self.bytes[start..<self.index])
    // NB: Integers of up to 15 digits are exact in a Double; add them up without a string.
    if isInteger, text.count <= 16 {
      var value = 0
      for byte in text where byte.isDigit { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
      return Double(text.first == UInt8(ascii: "-") ? -value : value)
    }
    guard let value = Double(String(decoding: text, as: UTF8.self)) else { throw self.error("bad number") }
    return value
  }

  private mutating func skipDigits() {
    while self.current?.isDigit == true { self.index += 1 }
  }
}

/// Where and why some text is not JSON.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The byte offset where reading stopped.
  public var offset: Int
  public var reason: String

  public init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  public var description: String { "Not JSON at byte \(self.offset): \(self.reason)." }
}

extension UInt8 {
  fileprivate static let space = UInt8(ascii: " ")
  fileprivate static let tab = UInt8(ascii: "\t")
  fileprivate static let newline = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")

  fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

  fileprivate var hexDigitValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

private func memcmpEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  for offset in 0..<count where lhs[offset] != rhs[offset] { return false }
  return true
}
