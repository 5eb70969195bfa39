import Foundation

/// An alert as data: a title, buttons and an optional message. Held in `@Presents` state, it is
/// shown by whatever client renders the state, and asserted like any other state in tests.
///
/// ```swift
/// case .resignButtonTapped:
///   state.alert = AlertState {
///     TextState("Resign this game?")
///   } actions: {
///     ButtonState(role: .destructive, action: .confirmResign) { TextState("Resign") }
///     ButtonState(role: .cancel) { TextState("Keep playing") }
///   }
///   return .none
/// ...
/// .ifLet(\.$alert, action: \.alert)
/// ```
///
/// Presented with `Reducer.ifLet(_:action:)`,
/// it is dismissed as soon as one of its actions is sent. Two alerts are equal when their
/// titles, messages and buttons are; `id` is left out.
public struct AlertState<Action>: Identifiable {
  public let id: UUID
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]
  /// The text under the title.
  public var message: TextState?
  /// The title.
  public var title: TextState

  /// An alert with a title, buttons (none: a single default button that dismisses) and a
  /// message.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(id: UUID(), buttons: actions(), message: message?(), title: title())
  }

  init(id: UUID, buttons: [ButtonState<Action>], message: TextState?, title: TextState) {
    self.id = id
    self.buttons = buttons
    self.message = message
    self.title = title
  }

  /// The same alert, with its buttons' actions transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: self.id, buttons: self.buttons.map { $0.map(transform) }, message: self.message,
      title: self.title)
  }
}

extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: _EphemeralState {
  public static var actionType: Any.Type { Action.self }
}

extension AlertState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("title", self.title)]
    if !self.buttons.isEmpty { children.append(("actions", self.buttons)) }
    if let message = self.message { children.append(("message", message)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
