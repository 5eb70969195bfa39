/// Any JSON value, decoded without guessing: what client messages are read into before their
/// fields are checked one by one.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"v":1}"#.utf8))
/// value["v"]  // .number(1)
/// ```
public enum JSONValue: Hashable, Sendable, Codable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value; an object's keys in sorted order, so that the same value always gives
  /// the same text.
  public func encode(to encoder: any Encoder) throws {
    if case let .object(fields) = self {
      var container = encoder.container(keyedBy: FieldKey.self)
      for key in fields.keys.sorted() { try container.encode(fields[key]!, forKey: FieldKey(key)) }
      return
    }
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case let .bool(flag): try container.encode(flag)
    case let .number(number): try container.encode(number)
    case let .string(text): try container.encode(text)
    case let .array(elements): try container.encode(elements)
    case .object: break
    }
  }

  /// The text, if this is a string.
  public var string: String? {
    guard case let .string(text) = self else { return nil }
    return text
  }

  /// The elements, if this is an array.
  public var array: [JSONValue]? {
    guard case let .array(elements) = self else { return nil }
    return elements
  }

  public var isNull: Bool { self == .null }

  public subscript(key: String) -> JSONValue? {
    guard case let .object(fields) = self else { return nil }
    return fields[key]
  }
}

/// A key of a JSON object, for encoding one.
private struct FieldKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ key: String) { self.stringValue = key }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
