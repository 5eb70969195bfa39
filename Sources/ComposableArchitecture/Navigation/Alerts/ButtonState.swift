import Foundation

/// A button of an alert or a confirmation dialog, as data: its label, role and action.
///
/// ```swift
/// AlertState {
///   TextState("Resign?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmResign) { TextState("Resign") }
///   ButtonState(role: .cancel) { TextState("Keep playing") }
/// }
/// ```
///
/// Two buttons are equal when their labels, roles and actions are; `id` is left out.
public struct ButtonState<Action>: Identifiable {
  public let id: UUID
  /// What tapping the button sends.
  public let action: ButtonStateAction<Action>
  /// The button's text.
  public let label: TextState
  /// What the button does, for how it is shown.
  public let role: ButtonStateRole?

  /// A button that sends `action` (by default nothing: it only dismisses).
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.init(id: UUID(), action: action, label: label(), role: role)
  }

  /// A button that sends `action`.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  init(id: UUID, action: ButtonStateAction<Action>, label: TextState, role: ButtonStateRole?) {
    self.id = id
    self.action = action
    self.label = label
    self.role = role
  }

  /// Calls `perform` with the button's action, as tapping it does.
  public func withAction(_ perform: (Action?) -> Void) {
    perform(self.action.action)
  }

  /// The same button, with its action transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(
      id: self.id, action: self.action.map(transform), label: self.label, role: self.role)
  }
}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.label == rhs.label && lhs.role == rhs.role
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.action)
    hasher.combine(self.label)
    hasher.combine(self.role)
  }
}

extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if let role = self.role { children.append(("role", role)) }
    if let action = self.action.action { children.append(("action", action)) }
    children.append(("label", self.label))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
