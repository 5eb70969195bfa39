/// A move of some game, as the room's log and actions carry it without naming the game.
///
/// ```swift
/// let move = AnyMove(TicTacToe.Move.mark(Cell(row: 1, column: 1)))
/// move.as(TicTacToe.Move.self)  // .mark(Cell(row: 1, column: 1))
/// ```
public struct AnyMove: Hashable, Sendable, Encodable, CustomStringConvertible {
  public let base: any Hashable & Sendable & Encodable

  public init(_ base: some Hashable & Sendable & Encodable) {
    self.base = base
  }

  /// The move, if it is of type `Move`.
  public func `as`<Move>(_ type: Move.Type) -> Move? { self.base as? Move }

  public static func == (lhs: Self, rhs: Self) -> Bool { isEqual(lhs.base, rhs.base) }

  public func hash(into hasher: inout Hasher) { self.base.hash(into: &hasher) }

  public func encode(to encoder: any Encoder) throws { try self.base.encode(to: encoder) }

  public var description: String { String(describing: self.base) }
}
