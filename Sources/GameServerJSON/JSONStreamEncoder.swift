/// Encodes `Encodable` values as compact JSON bytes in one pass, with no intermediate tree:
/// several times cheaper than Foundation's `JSONEncoder`, for messages sent to every player.
///
/// Keys come out in the order `encode(to:)` writes them; `nil` optionals written with
/// `encodeIfPresent` are left out, as with `JSONEncoder`. Non-finite numbers throw.
///
/// ```swift
/// let bytes = try JSONStreamEncoder.encode(["v": 1])  // Array(#"{"v":1}"#.utf8)
/// ```
public enum JSONStreamEncoder {
  /// `value` as JSON bytes.
  public static func encode(_ value: some Encodable, capacity: Int = 256) throws -> [UInt8] {
    let output = JSONOutput(capacity: capacity)
    try JSONStreamEncoding.write(value, to: output, at: 0, codingPath: [])
    output.close(downTo: 0)
    return output.bytes
  }

  /// `value` as JSON text.
  public static func string(_ value: some Encodable) throws -> String {
    String(decoding: try self.encode(value), as: UTF8.self)
  }
}

/// The `Encoder` handed to `encode(to:)`: it writes at the position its parent chose, in the
/// container open at `depth`.
struct JSONStreamEncoding: Encoder {
  let output: JSONOutput
  /// How many containers were open when this value started.
  let depth: Int
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Writes one value where the output stands, closing what it opened.
  static func write(
    _ value: some Encodable, to output: JSONOutput, at depth: Int, codingPath: @autoclosure () -> [any CodingKey]
  ) throws {
    switch value {
    case let text as String: output.write(text)
    case let number as Int: output.write(number)
    case let flag as Bool: output.write(flag)
    default:
      let start = output.bytes.count
      try value.encode(to: JSONStreamEncoding(output: output, depth: depth, codingPath: codingPath()))
      output.close(downTo: depth)
      // NB: A value that wrote nothing at all becomes an empty object, so the JSON stays valid.
      if output.bytes.count == start { output.raw("{}") }
    }
  }

  /// Opens this value's container, or finds it open when `encode(to:)` asks twice.
  private func openContainer(_ opener: UInt8, _ closer: UInt8) {
    if self.output.depth == self.depth {
      self.output.open(opener, closer)
    } else {
      self.output.close(downTo: self.depth + 1)
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    self.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))
    return KeyedEncodingContainer(
      JSONStreamKeyedContainer<Key>(output: self.output, depth: self.depth + 1, codingPath: self.codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    self.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"))
    return JSONStreamUnkeyedContainer(output: self.output, depth: self.depth + 1, codingPath: self.codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONStreamSingleValueContainer(encoder: self)
  }
}

/// A value written in place: `encode(to:)` of a type that is one value (an id, a raw enum).
struct JSONStreamSingleValueContainer: SingleValueEncodingContainer {
  let encoder: JSONStreamEncoding
  var codingPath: [any CodingKey] { self.encoder.codingPath }

  mutating func encodeNil() throws { self.encoder.output.raw("null") }
  mutating func encode(_ value: Bool) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: String) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: Double) throws { try self.encoder.output.write(value) }
  mutating func encode(_ value: Float) throws { try self.encoder.output.write(Double(value)) }
  mutating func encode(_ value: Int) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: Int8) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: Int16) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: Int32) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: Int64) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: UInt) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: UInt8) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: UInt16) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: UInt32) throws { self.encoder.output.write(value) }
  mutating func encode(_ value: UInt64) throws { self.encoder.output.write(value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try value.encode(to: self.encoder)
  }
}
