/// What a button in an alert or a dialog does, for how it is shown.
///
/// ```swift
/// ButtonState(role: .cancel) { TextState("Keep playing") }
/// ```
public enum ButtonStateRole: Hashable, Sendable {
  /// The button dismisses without doing anything.
  case cancel
  /// The button deletes or ends something.
  case destructive
}
