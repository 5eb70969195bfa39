/// Identifies a room on the server, like `"room-12"`.
///
/// ```swift
/// let room = RoomID("room-1")
/// ```
public struct RoomID: RawRepresentable, Hashable, Codable, Sendable, Comparable,
  CustomStringConvertible, ExpressibleByStringLiteral
{
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public init(_ rawValue: String) { self.rawValue = rawValue }

  public init(stringLiteral value: String) { self.rawValue = value }

  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.rawValue)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { self.rawValue }
}
