import Foundation

/// State that is shown until one of its actions is sent, then goes away by itself:
/// ``AlertState`` and ``ConfirmationDialogState``.
///
/// A presented destination whose state is ephemeral (or an enum destination whose current case
/// holds ephemeral state) is dismissed once the parent has handled an action from it.
///
/// ```swift
/// .ifLet(\.$alert, action: \.alert)   // no child reducer: the alert only sends actions
/// ```
public protocol _EphemeralState<Action> {
  associatedtype Action
  /// The type of the actions it sends.
  static var actionType: Any.Type { get }
}

/// Ephemeral state with an identity of its own, so that a new alert presented by an old one's
/// action is a new presentation.
protocol _IdentifiedEphemeralState {
  var id: UUID { get }
}

extension AlertState: _IdentifiedEphemeralState {}
extension ConfirmationDialogState: _IdentifiedEphemeralState {}

/// Whether `state`, or the value held by `state`'s current enum case, is ephemeral.
@usableFromInline
func _isEphemeral(_ state: Any) -> Bool {
  if state is any _EphemeralState { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return payload is any _EphemeralState
}
