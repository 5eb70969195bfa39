/// An action that writes a value into state at a key path: what a form field sends.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
/// }
/// // ...
/// await store.send(.binding(.set(\.name, "Blob")))
/// ```
public struct BindingAction<Root>: CasePathable, Equatable, @unchecked Sendable {
  /// The key path written to.
  public let keyPath: PartialKeyPath<Root>
  @usableFromInline let set: (inout Root) -> Void
  let value: Any
  let isEqual: (Any) -> Bool

  /// An action that sets the value at `keyPath`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>,
    _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      set: { $0[keyPath: keyPath] = value },
      value: value,
      isEqual: { ($0 as? Value) == value }
    )
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isEqual(rhs.value)
  }

  /// Matches a binding action by its key path: `case .binding(\.name):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, bindingAction: Self) -> Bool {
    keyPath == bindingAction.keyPath
  }

  /// Case paths of binding actions, by key path: `\.binding.name`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The binding action that sets the value at `keyPath`.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .set(keyPath.value, $0) },
        extract: { $0.keyPath == keyPath.value ? $0.value as? Value : nil }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension BindingAction: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: ["set": (self.keyPath, self.value)],
      displayStyle: .enum
    )
  }
}

/// An action type with a case for ``BindingAction``s.
public protocol BindableAction {
  /// The state that bindings write to.
  associatedtype State
  /// Embeds a binding action.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action this action holds, if any.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The binding action of a `binding(_:)` case, found by reflection.
  public var binding: BindingAction<State>? {
    _extractBinding(self)
  }
}

private func _extractBinding<Action: BindableAction>(_ action: Action) -> BindingAction<Action.State>? {
  let mirror = Mirror(reflecting: action)
  guard
    mirror.displayStyle == .enum,
    let child = mirror.children.first,
    child.label == "binding"
  else { return nil }
  return child.value as? BindingAction<Action.State>
}

/// Applies ``BindingAction``s to state. Put it first in a body so other reducers see the new
/// value.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in ... }
/// }
/// ```
///
/// When the bindings live in a nested action (a view action), name it:
///
/// ```swift
/// BindingReducer(action: \.view)
/// ```
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where ViewAction.State == State {
  @usableFromInline let toViewAction: (Action) -> ViewAction?

  /// Makes a reducer that applies the binding actions of `Action` itself.
  @inlinable
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
  }

  /// Makes a reducer that applies the binding actions nested in `Action`'s `toViewAction` case.
  @inlinable
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    self.toViewAction = { $0[case: toViewAction] }
  }

  /// Makes a reducer that applies the binding actions that `toViewAction` finds in an action.
  @inlinable
  public init(action toViewAction: @escaping (Action) -> ViewAction?) {
    self.toViewAction = toViewAction
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let binding = self.toViewAction(action)?.binding else { return .none }
    binding.set(&state)
    return .none
  }
}

extension BindableAction {
  /// The binding action that sets the value at `keyPath`: `.set(\.name, "Blob")`.
  ///
  /// ```swift
  /// await store.send(.set(\.name, "Blob")) { $0.name = "Blob" }
  /// ```
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
