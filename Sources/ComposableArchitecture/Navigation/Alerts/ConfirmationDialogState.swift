import Foundation

/// A confirmation dialog as data: a title, whether to show it, buttons and an optional message.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Start a new game?")
/// } actions: {
///   ButtonState(action: .rematch) { TextState("Rematch") }
///   ButtonState(role: .cancel) { TextState("Not now") }
/// }
/// ```
///
/// Like ``AlertState``, it is dismissed as soon as one of its actions is sent. Two dialogs are
/// equal when everything but `id` is.
public struct ConfirmationDialogState<Action>: Identifiable {
  public let id: UUID
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]
  /// The text under the title.
  public var message: TextState?
  /// The title.
  public var title: TextState
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility

  /// A dialog with a title, buttons and a message.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      id: UUID(), buttons: actions(), message: message?(), title: title(),
      titleVisibility: titleVisibility)
  }

  init(
    id: UUID, buttons: [ButtonState<Action>], message: TextState?, title: TextState,
    titleVisibility: ConfirmationDialogStateTitleVisibility
  ) {
    self.id = id
    self.buttons = buttons
    self.message = message
    self.title = title
    self.titleVisibility = titleVisibility
  }

  /// The same dialog, with its buttons' actions transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      id: self.id, buttons: self.buttons.map { $0.map(transform) }, message: self.message,
      title: self.title, titleVisibility: self.titleVisibility)
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
      && lhs.titleVisibility == rhs.titleVisibility
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
    hasher.combine(self.titleVisibility)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: _EphemeralState {
  public static var actionType: Any.Type { Action.self }
}

extension ConfirmationDialogState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [
      ("titleVisibility", self.titleVisibility), ("title", self.title),
    ]
    if !self.buttons.isEmpty { children.append(("actions", self.buttons)) }
    if let message = self.message { children.append(("message", message)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
