// TCA's older forms, which name cases with `AnyCasePath` values (`/Action.child`) instead of
// case key paths. New code uses key paths: `Scope(state: \.child, action: \.child)`.

extension Scope {
  /// Runs `child` on the state at `toChildState` for actions in the `toChildAction` case.
  ///
  /// ```swift
  /// Scope(state: \.profile, action: /Action.profile) { Profile() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .keyPath(StatePath(toChildState)),
      toChildAction: CaseExtractor(toChildAction),
      location: SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
      child: child
    )
  }

  /// Runs `child` on the state in the `toChildState` case of an enum state.
  ///
  /// ```swift
  /// Scope(state: /State.loggedIn, action: /Action.loggedIn) { LoggedIn() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .casePath(CaseExtractor(toChildState)),
      toChildAction: CaseExtractor(toChildAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      child: child
    )
  }
}

extension Reducer {
  /// Runs a child reducer on optional state, its actions named by an `AnyCasePath`.
  ///
  /// ```swift
  /// .ifLet(\.child, action: /Action.child) { Child() }
  /// ```
  @inlinable
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped()._resolvedReducer(),
      toChildState: toWrappedState,
      toChildAction: CaseExtractor(toWrappedAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs an element reducer on each element of an identified array, its actions named by an
  /// `AnyCasePath` to `(id, action)` pairs.
  ///
  /// ```swift
  /// .forEach(\.rows, action: /Action.row(id:action:)) { Row() }
  /// ```
  @inlinable
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      element: element()._resolvedReducer(),
      toElementsState: toElementsState,
      toElementAction: .elements(toElementAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
