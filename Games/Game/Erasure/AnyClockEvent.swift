/// A clock event of some game (a move clock running out), as a room's log records it.
public struct AnyClockEvent: Hashable, Sendable, Encodable, CustomStringConvertible {
  public let base: any Hashable & Sendable & Encodable

  public init(_ base: some Hashable & Sendable & Encodable) {
    self.base = base
  }

  public func `as`<Event>(_ type: Event.Type) -> Event? { self.base as? Event }

  public static func == (lhs: Self, rhs: Self) -> Bool { isEqual(lhs.base, rhs.base) }

  public func hash(into hasher: inout Hasher) { self.base.hash(into: &hasher) }

  public func encode(to encoder: any Encoder) throws { try self.base.encode(to: encoder) }

  public var description: String { String(describing: self.base) }
}
