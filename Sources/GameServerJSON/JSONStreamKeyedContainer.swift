/// An object being written by a ``JSONStreamEncoder``.
struct JSONStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let output: JSONOutput
  /// This object's place in the output's stack of open containers (1 is the outermost).
  let depth: Int
  let codingPath: [any CodingKey]

  private func begin(_ key: Key) {
    self.output.beginElement(in: self.depth, key: key.stringValue)
  }

  mutating func encodeNil(forKey key: Key) throws {
    self.begin(key)
    self.output.raw("null")
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    self.begin(key)
    self.output.write(value)
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    self.begin(key)
    self.output.write(value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    self.begin(key)
    try self.output.write(value)
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    self.begin(key)
    try self.output.write(Double(value))
  }

  mutating func encode(_ value: Int, forKey key: Key) throws { self.integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { self.integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { self.integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { self.integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { self.integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { self.integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { self.integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { self.integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { self.integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { self.integer(value, key) }

  private func integer(_ value: some FixedWidthInteger, _ key: Key) {
    self.begin(key)
    self.output.write(value)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    self.begin(key)
    try JSONStreamEncoding.write(value, to: self.output, at: self.depth, codingPath: self.codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    self.begin(key)
    self.output.open(UInt8(ascii: "{"), UInt8(ascii: "}"))
    return KeyedEncodingContainer(
      JSONStreamKeyedContainer<NestedKey>(
        output: self.output, depth: self.depth + 1, codingPath: self.codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    self.begin(key)
    self.output.open(UInt8(ascii: "["), UInt8(ascii: "]"))
    return JSONStreamUnkeyedContainer(output: self.output, depth: self.depth + 1, codingPath: self.codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    self.superEncoder(forKey: Key(stringValue: "super")!)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    self.begin(key)
    return JSONStreamEncoding(output: self.output, depth: self.depth, codingPath: self.codingPath + [key])
  }
}
