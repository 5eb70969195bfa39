extension Reducer {
  /// Runs a child reducer on optional child state while it is present.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in ... }
  ///     .ifLet(\.child, action: \.child) {
  ///       Child()
  ///     }
  /// }
  /// ```
  ///
  /// The child runs before the parent. When the parent sets the child state to `nil` (or to a
  /// new value with another identity), the child's effects are cancelled. A child action that
  /// arrives while the state is `nil` is reported as an issue.
  @inlinable
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
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

  /// Cancels effects of optional child state that has no reducer of its own when it goes away.
  @inlinable
  public func ifLet<WrappedState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
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
}

/// The reducer made by ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  /// Resolved when the first child action arrives, so that the child may be the parent's own
  /// feature.
  @usableFromInline let child: _LazyReducer<Child>
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  /// The same key path, applied in place where it can be.
  @usableFromInline let childStatePath: StatePath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: CaseExtractor<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation
  /// The child's key path for its effects' ids, hashed once.
  @usableFromInline let childPath: ChildEffectsPath
  /// Whether the child is an alert or a dialog, dismissed once the parent has handled its action.
  @usableFromInline let isEphemeral: Bool
  /// How the child's identity is read, decided once.
  @usableFromInline let identity: _ChildIdentity<Child.State>

  @usableFromInline
  init(
    parent: Parent,
    child: _LazyReducer<Child>,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CaseExtractor<Parent.Action, Child.Action>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.childStatePath = StatePath(toChildState)
    self.toChildAction = toChildAction
    self.location = location
    self.childPath = ChildEffectsPath(toChildState)
    self.isEphemeral = Child.State.self is any _EphemeralState.Type
    self.identity = _ChildIdentity()
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childAction = self.toChildAction.extract(action)
    let childEffects =
      if let childAction { self.reduceChild(into: &state, childAction, of: action) } else {
        Effect<Parent.Action>.none
      }
    let idBefore = self.childID(&state)
    let parentEffects = self.parent.reduce(into: &state, action: action)
    var idAfter = self.childID(&state)
    // NB: An alert or a dialog goes away once the parent has handled its action, unless the
    //     parent presented another one meanwhile.
    if self.isEphemeral, childAction != nil, idBefore != nil, idBefore == idAfter {
      state[keyPath: self.toChildState] = nil
      idAfter = nil
    }
    let cancelEffects: Effect<Parent.Action> =
      if let idBefore, idBefore != idAfter { .cancelChild(idBefore) } else { .none }
    return childEffects.merge(with: parentEffects).merge(with: cancelEffects)
  }

  @inlinable
  func childID(_ state: inout Parent.State) -> ChildEffectsID? {
    // NB: Read in place: a key path would copy the child out of the parent.
    let identity = self.childStatePath.modify(&state) { child -> ErasedID?? in
      guard child != nil else { return nil }
      return .some(self.identity.identify(child!))
    }
    guard let identity else { return nil }
    return ChildEffectsID(path: self.childPath, identity: identity)
  }

  @inlinable
  func reduceChild(
    into state: inout Parent.State, _ childAction: Child.Action, of action: Parent.Action
  ) -> Effect<Parent.Action> {
    // NB: A child without state has no id.
    guard let id = self.childID(&state) else {
      self.location.report(
        """
        An "ifLet" at "\(self.location.fileID):\(self.location.line)" received a child action \
        when child state was "nil":

          Action: \(String(customDumping: action))

        A child action was sent after its state went away. Make sure the child's effects are \
        cancelled or finished before the state is set to "nil", and that no action is sent to \
        an absent child.
        """
      )
      return .none
    }
    return self.childStatePath.modify(&state) { self.child.reduce(into: &$0!, action: childAction) }
      .mapChild(self.toChildAction.embed, id: id)
  }
}
