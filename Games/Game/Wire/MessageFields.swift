/// Typed access to the fields of a client message, with protocol errors that name the field.
///
/// The server hands a game the fields of each move message it does not know itself; the game
/// reads them with this and throws the error to send back.
///
/// ```swift
/// let cell = try fields.object("cell")
/// let move = TicTacToe.Move.mark(Cell(row: try cell.int("row"), column: try cell.int("column")))
/// ```
public struct MessageFields: Hashable, Sendable {
  public let object: [String: JSONValue]
  /// The id of the request the fields came in, which every error carries back.
  public var requestID: String?
  /// The path of the object these fields are in, as errors name it (`cell.`).
  public var prefix = ""

  public init(object: [String: JSONValue], requestID: String? = nil, prefix: String = "") {
    self.object = object
    self.requestID = requestID
    self.prefix = prefix
  }

  /// A field that must be present and not null.
  public func value(_ key: String) throws(ProtocolError) -> JSONValue {
    guard let value = self.object[key], value != .null else {
      throw .missingField(self.prefix + key, requestID: self.requestID)
    }
    return value
  }

  /// A string of at most `limit` bytes of UTF-8.
  public func string(_ key: String, limit: Int) throws(ProtocolError) -> String {
    guard case let .string(text) = try self.value(key) else {
      throw .wrongType(self.prefix + key, expected: "a string", requestID: self.requestID)
    }
    // NB: Bytes, not characters: a character may be many bytes (and a grapheme any number).
    guard text.utf8.count <= limit else { throw .tooLong(self.prefix + key, limit: limit, requestID: self.requestID) }
    return text
  }

  public func optionalString(_ key: String, limit: Int) throws(ProtocolError) -> String? {
    guard let value = self.object[key], value != .null else { return nil }
    return try self.string(key, limit: limit)
  }

  /// A whole number below a million in size: larger ones are refused before they can overflow
  /// anything.
  public func int(_ key: String) throws(ProtocolError) -> Int {
    guard case let .number(number) = try self.value(key), number.rounded() == number,
      abs(number) < 1_000_000
    else {
      throw .wrongType(self.prefix + key, expected: "a whole number", requestID: self.requestID)
    }
    return Int(number)
  }

  public func optionalInt(_ key: String) throws(ProtocolError) -> Int? {
    guard let value = self.object[key], value != .null else { return nil }
    return try self.int(key)
  }

  public func object(_ key: String) throws(ProtocolError) -> MessageFields {
    guard case let .object(object) = try self.value(key) else {
      throw .wrongType(self.prefix + key, expected: "an object", requestID: self.requestID)
    }
    return MessageFields(object: object, requestID: self.requestID, prefix: self.prefix + key + ".")
  }

  /// An array of at most `limit` objects.
  public func objects(_ key: String, limit: Int) throws(ProtocolError) -> [MessageFields] {
    guard case let .array(array) = try self.value(key) else {
      throw .wrongType(self.prefix + key, expected: "an array", requestID: self.requestID)
    }
    guard array.count <= limit else { throw .tooLong(self.prefix + key, limit: limit, requestID: self.requestID) }
    return try array.enumerated().map { (offset, element) throws(ProtocolError) -> MessageFields in
      guard case let .object(object) = element else {
        throw .wrongType("\(self.prefix)\(key)[\(offset)]", expected: "an object", requestID: self.requestID)
      }
      return MessageFields(object: object, requestID: self.requestID, prefix: "\(self.prefix)\(key)[\(offset)].")
    }
  }
}
