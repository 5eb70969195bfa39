/// The action a ``ButtonState`` sends when tapped, if any.
///
/// ```swift
/// ButtonState(action: .send(.confirmResign)) { TextState("Resign") }
/// ```
public struct ButtonStateAction<Action> {
  /// The action sent, or `nil` for a button that only dismisses.
  public let action: Action?

  /// Sends `action` when the button is tapped (`nil`: only dismisses).
  public static func send(_ action: Action?) -> Self {
    Self(action: action)
  }

  /// The same button action, with its action transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonStateAction<NewAction> {
    ButtonStateAction<NewAction>(action: transform(self.action))
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}
