/// An action type with a `view` case for the actions a view (or any client) may send.
///
/// ```swift
/// enum Action: ViewAction {
///   case view(View)
///   enum View { case startButtonTapped }
/// }
/// ```
public protocol ViewAction<ViewAction> {
  /// The actions a view sends.
  associatedtype ViewAction
  /// Embeds a view action.
  static func view(_ action: ViewAction) -> Self
}

/// A type with a store whose view actions it sends with `send(_:)`; conform with
/// `@ViewAction(for:)`.
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The store's state.
  associatedtype StoreState
  /// The store's action.
  associatedtype StoreAction: ViewAction
  /// The store.
  var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends a view action: `send(.startButtonTapped)`.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    self.store.send(.view(action))
  }
}
