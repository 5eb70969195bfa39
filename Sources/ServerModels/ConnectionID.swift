/// Identifies one client connection for as long as it is open.
///
/// ```swift
/// let connection = ConnectionID(7)
/// ```
public struct ConnectionID: RawRepresentable, Hashable, Codable, Sendable, Comparable,
  CustomStringConvertible
{
  public var rawValue: UInt64

  public init(rawValue: UInt64) { self.rawValue = rawValue }

  public init(_ rawValue: UInt64) { self.rawValue = rawValue }

  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(UInt64.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.rawValue)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "connection \(self.rawValue)" }
}
