/// An action of some game, as the room that runs it carries it.
///
/// ```swift
/// store.receive(\.game) { ... }
/// action.as(TicTacToe.Action.self)  // .moveTimeExpired(moveNumber: 3)
/// ```
public struct AnyGameAction: Equatable, Sendable, CustomStringConvertible {
  public let base: any Equatable & Sendable

  public init(_ base: some Equatable & Sendable) {
    self.base = base
  }

  public func `as`<Action>(_ type: Action.Type) -> Action? { self.base as? Action }

  public static func == (lhs: Self, rhs: Self) -> Bool { isEqual(lhs.base, rhs.base) }

  public var description: String { String(describing: self.base) }
}
