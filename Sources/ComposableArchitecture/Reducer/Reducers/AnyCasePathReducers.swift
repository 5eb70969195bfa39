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
      child: _LazyReducer(wrapped()),
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
      element: _LazyReducer(element()),
      toElementsState: toElementsState,
      toElementAction: .elements(toElementAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// Runs a child reducer while enum state is in the case an `AnyCasePath` names.
  ///
  /// ```swift
  /// .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) { LoggedIn() }
  /// ```
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where CaseState == Case.State, CaseAction == Case.Action {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return _IfCaseLetReducer(
      parent: self,
      child: _LazyReducer(`case`()),
      toChildState: CaseExtractor(toCaseState),
      toChildAction: CaseExtractor(toCaseAction),
      childPath: ChildEffectsPath(at: location),
      location: location
    )
  }

  /// Runs optional child state that has no reducer of its own, its actions named by an
  /// `AnyCasePath`: an alert or a dialog, dismissed once the parent has handled its action.
  ///
  /// ```swift
  /// .ifLet(\.alert, action: /Action.alert)
  /// ```
  @inlinable
  public func ifLet<WrappedState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    self.ifLet(
      toWrappedState, action: toWrappedAction, then: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs a presented child feature, its actions named by an `AnyCasePath`.
  ///
  /// ```swift
  /// .ifLet(\.$detail, action: /Action.detail) { Detail() }
  /// ```
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      parent: self,
      destination: destination()._resolveLazily(),
      toPresentationState: toPresentationState,
      toPresentationAction: CaseExtractor(toPresentationAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Presents an alert or a confirmation dialog, its actions named by an `AnyCasePath`.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: /Action.alert)
  /// ```
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    _PresentationReducer(
      parent: self,
      destination: EmptyReducer<DestinationState, DestinationAction>()._resolve(),
      toPresentationState: toPresentationState,
      toPresentationAction: CaseExtractor(toPresentationAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs the features of a navigation stack, its actions named by an `AnyCasePath`.
  ///
  /// ```swift
  /// .forEach(\.path, action: /Action.path) { Path() }
  /// ```
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackReducer(
      parent: self,
      destination: destination()._resolveLazily(),
      toStackState: toStackState,
      toStackAction: CaseExtractor(toStackAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
