/// Whether a confirmation dialog shows its title.
///
/// ```swift
/// ConfirmationDialogState(titleVisibility: .visible) { TextState("Leave?") }
/// ```
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable {
  /// As the client sees fit.
  case automatic
  /// Never.
  case hidden
  /// Always.
  case visible
}
