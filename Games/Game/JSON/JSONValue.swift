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

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case let .bool(flag): try container.encode(flag)
    case let .number(number): try container.encode(number)
    case let .string(text): try container.encode(text)
    case let .array(elements): try container.encode(elements)
    case let .object(fields): try container.encode(fields)
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
