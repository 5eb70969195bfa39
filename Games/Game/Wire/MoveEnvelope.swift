/// A game's moves on the wire through their own `Codable`: the message's `type` is the case's
/// name and its other fields are the case's labelled values, so a `Move` enum with Swift's
/// synthesized `Codable` needs no codec of its own.
///
/// ```swift
/// enum Move: Hashable, Codable, Sendable { case drop(column: Int), resign }
/// try MoveEnvelope.decode(Move.self, type: "drop", fields: MessageFields(object: ["column": 3]))  // .drop(column: 3)
/// MoveEnvelope.message(for: Move.drop(column: 3))  // ("drop", ["column": 3])
/// ```
///
/// Every number a client sends is checked as ``MessageFields`` checks it: an `Int` is a whole
/// number below a million in size, a `Double` a finite one; a string is at most
/// ``stringLimit`` bytes of UTF-8 and an array at most ``arrayLimit`` elements. Errors name the
/// field (`cell.row`) with protocol v1's codes.
public enum MoveEnvelope {
  /// The most bytes of UTF-8 in a string of a move.
  public static let stringLimit = 1024
  /// The most elements of an array in a move.
  public static let arrayLimit = 1024

  /// The move of `type` with `fields`, read by `Move`'s `Decodable`.
  public static func decode<Move: Decodable>(
    _ move: Move.Type, type: String, fields: MessageFields
  ) throws(ProtocolError) -> Move {
    let decoder = EnvelopeDecoder(
      value: .object([type: .object(fields.object)]), path: [], requestID: fields.requestID, prefix: fields.prefix)
    do {
      return try Move(from: decoder)
    } catch let error as ProtocolError {
      throw error
    } catch let DecodingError.keyNotFound(key, context) {
      throw .missingField(Self.field(context.codingPath + [key], prefix: fields.prefix), requestID: fields.requestID)
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
      throw .wrongType(
        Self.field(context.codingPath, prefix: fields.prefix), expected: "of another type", requestID: fields.requestID)
    } catch let DecodingError.dataCorrupted(context) {
      throw .invalidValue(
        Self.field(context.codingPath, prefix: fields.prefix), "is not valid: \(context.debugDescription)",
        requestID: fields.requestID)
    } catch {
      throw .invalidValue(type, "is not valid: \(error)", requestID: fields.requestID)
    }
  }

  /// A move as a client message: its case's name and its labelled values, written by `Move`'s
  /// `Encodable` (`{"drop":{"column":3}}` is `("drop", ["column": 3])`).
  public static func message(for move: some Encodable) -> (type: String, fields: [String: JSONValue]) {
    // NB: Moves hold plain values: encoding cannot fail, and a synthesized enum writes one key.
    guard let bytes = try? JSONStreamEncoder.encode(move), case let .object(object)? = try? JSONParser.parse(bytes),
      let (type, value) = object.first
    else { return ("", [:]) }
    guard case let .object(fields) = value else { return (type, [:]) }
    return (type, fields)
  }

  /// `cell.row`, `words[2].path`: a path as errors name it, the envelope's own key left out.
  static func field(_ path: [any CodingKey], prefix: String) -> String {
    var text = prefix
    for key in path.dropFirst() {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty || text.hasSuffix(".") ? key.stringValue : "." + key.stringValue
      }
    }
    return text
  }
}

/// A `Decoder` over a ``JSONValue``, with the wire's checks.
struct EnvelopeDecoder: Decoder {
  let value: JSONValue
  let path: [any CodingKey]
  let requestID: String?
  /// The path of the fields, as errors name it (`cell.`).
  let prefix: String

  var codingPath: [any CodingKey] { self.path }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The field at this path, and `more` below it, as errors name it.
  func field(_ more: [any CodingKey] = []) -> String { MoveEnvelope.field(self.path + more, prefix: self.prefix) }

  func failure(_ expected: String) -> ProtocolError {
    .wrongType(self.field(), expected: expected, requestID: self.requestID)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case let .object(object) = self.value else { throw self.failure("an object") }
    return KeyedDecodingContainer(EnvelopeKeyedContainer(object: object, decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case let .array(elements) = self.value else { throw self.failure("an array") }
    guard elements.count <= MoveEnvelope.arrayLimit else {
      throw ProtocolError.tooLong(self.field(), limit: MoveEnvelope.arrayLimit, requestID: self.requestID)
    }
    return EnvelopeUnkeyedContainer(elements: elements, decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { EnvelopeSingleValue(decoder: self) }

  func child(_ value: JSONValue, _ key: any CodingKey) -> EnvelopeDecoder {
    EnvelopeDecoder(value: value, path: self.path + [key], requestID: self.requestID, prefix: self.prefix)
  }
}

struct EnvelopeKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ string: String) { self.stringValue = string }
  init(index: Int) {
    self.stringValue = "\(index)"
    self.intValue = index
  }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { self.init(index: intValue) }
}

struct EnvelopeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: [String: JSONValue]
  let decoder: EnvelopeDecoder

  var codingPath: [any CodingKey] { self.decoder.path }
  var allKeys: [Key] { self.object.keys.compactMap(Key.init(stringValue:)) }

  func contains(_ key: Key) -> Bool { self.object[key.stringValue] != nil }

  func value(_ key: Key) throws -> EnvelopeDecoder {
    // NB: A null field is a missing one, as `MessageFields` reads it.
    guard let value = self.object[key.stringValue], value != .null else {
      throw ProtocolError.missingField(self.decoder.field([key]), requestID: self.decoder.requestID)
    }
    return self.decoder.child(value, key)
  }

  func decodeNil(forKey key: Key) throws -> Bool { (self.object[key.stringValue] ?? .null) == .null }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try EnvelopeSingleValue(decoder: try self.value(key)).decode(type)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try self.value(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try self.value(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { self.decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder { try self.value(key) }
}

struct EnvelopeUnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let decoder: EnvelopeDecoder
  var currentIndex = 0

  var codingPath: [any CodingKey] { self.decoder.path }
  var count: Int? { self.elements.count }
  var isAtEnd: Bool { self.currentIndex >= self.elements.count }

  mutating func next() throws -> EnvelopeDecoder {
    guard !self.isAtEnd else {
      throw ProtocolError.missingField(
        self.decoder.field([EnvelopeKey(index: self.currentIndex)]), requestID: self.decoder.requestID)
    }
    defer { self.currentIndex += 1 }
    return self.decoder.child(self.elements[self.currentIndex], EnvelopeKey(index: self.currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard !self.isAtEnd, self.elements[self.currentIndex] == .null else { return false }
    self.currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try EnvelopeSingleValue(decoder: try self.next()).decode(type)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
    NestedKey
  > {
    try self.next().container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try self.next().unkeyedContainer() }

  mutating func superDecoder() throws -> any Decoder { try self.next() }
}

struct EnvelopeSingleValue: SingleValueDecodingContainer {
  let decoder: EnvelopeDecoder

  var codingPath: [any CodingKey] { self.decoder.path }

  func decodeNil() -> Bool { self.decoder.value == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case let .bool(flag) = self.decoder.value else { throw self.decoder.failure("true or false") }
    return flag
  }

  func decode(_ type: String.Type) throws -> String {
    guard case let .string(text) = self.decoder.value else { throw self.decoder.failure("a string") }
    guard text.utf8.count <= MoveEnvelope.stringLimit else {
      throw ProtocolError.tooLong(
        self.decoder.field(), limit: MoveEnvelope.stringLimit, requestID: self.decoder.requestID)
    }
    return text
  }

  func decode(_ type: Double.Type) throws -> Double {
    guard case let .number(number) = self.decoder.value, number.isFinite else { throw self.decoder.failure("a number") }
    return number
  }

  func decode(_ type: Float.Type) throws -> Float { Float(try self.decode(Double.self)) }

  /// A whole number below a million in size, as ``MessageFields/int(_:)`` reads one.
  func whole() throws -> Int {
    guard case let .number(number) = self.decoder.value, number.rounded() == number, abs(number) < 1_000_000 else {
      throw self.decoder.failure("a whole number")
    }
    return Int(number)
  }

  func exactly<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    guard let value = T(exactly: try self.whole()) else { throw self.decoder.failure("a whole number in range") }
    return value
  }

  func decode(_ type: Int.Type) throws -> Int { try self.whole() }
  func decode(_ type: Int8.Type) throws -> Int8 { try self.exactly(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try self.exactly(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try self.exactly(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try self.exactly(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try self.exactly(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try self.exactly(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try self.exactly(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try self.exactly(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try self.exactly(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    switch type {
    case is Bool.Type: return try self.decode(Bool.self) as! T
    case is String.Type: return try self.decode(String.self) as! T
    case is Double.Type: return try self.decode(Double.self) as! T
    case is Int.Type: return try self.decode(Int.self) as! T
    default: return try T(from: self.decoder)
    }
  }
}
