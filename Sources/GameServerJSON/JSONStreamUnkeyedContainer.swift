/// An array being written by a ``JSONStreamEncoder``.
struct JSONStreamUnkeyedContainer: UnkeyedEncodingContainer {
  let output: JSONOutput
  /// This array's place in the output's stack of open containers (1 is the outermost).
  let depth: Int
  let codingPath: [any CodingKey]
  private(set) var count = 0

  init(output: JSONOutput, depth: Int, codingPath: [any CodingKey]) {
    self.output = output
    self.depth = depth
    self.codingPath = codingPath
  }

  private mutating func begin() {
    self.output.beginElement(in: self.depth)
    self.count += 1
  }

  mutating func encodeNil() throws {
    self.begin()
    self.output.raw("null")
  }

  mutating func encode(_ value: Bool) throws {
    self.begin()
    self.output.write(value)
  }

  mutating func encode(_ value: String) throws {
    self.begin()
    self.output.write(value)
  }

  mutating func encode(_ value: Double) throws {
    self.begin()
    try self.output.write(value)
  }

  mutating func encode(_ value: Float) throws {
    self.begin()
    try self.output.write(Double(value))
  }

  mutating func encode(_ value: Int) throws { self.integer(value) }
  mutating func encode(_ value: Int8) throws { self.integer(value) }
  mutating func encode(_ value: Int16) throws { self.integer(value) }
  mutating func encode(_ value: Int32) throws { self.integer(value) }
  mutating func encode(_ value: Int64) throws { self.integer(value) }
  mutating func encode(_ value: UInt) throws { self.integer(value) }
  mutating func encode(_ value: UInt8) throws { self.integer(value) }
  mutating func encode(_ value: UInt16) throws { self.integer(value) }
  mutating func encode(_ value: UInt32) throws { self.integer(value) }
  mutating func encode(_ value: UInt64) throws { self.integer(value) }

  private mutating func integer(_ value: some FixedWidthInteger) {
    self.begin()
    self.output.write(value)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    self.begin()
    try JSONStreamEncoding.write(value, to: self.output, at: self.depth, codingPath: self.codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    self.begin()
    self.output.open(UInt8(ascii: "{"), UInt8(ascii: "}"))
    return KeyedEncodingContainer(
      JSONStreamKeyedContainer<NestedKey>(output: self.output, depth: self.depth + 1, codingPath: self.codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    self.begin()
    self.output.open(UInt8(ascii: "["), UInt8(ascii: "]"))
    return JSONStreamUnkeyedContainer(output: self.output, depth: self.depth + 1, codingPath: self.codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    self.begin()
    return JSONStreamEncoding(output: self.output, depth: self.depth, codingPath: self.codingPath)
  }
}
