extension Reducer {
  /// Runs a child reducer while enum state is in one case.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) {
  ///     LoggedIn()
  ///   }
  /// ```
  ///
  /// The child runs before the parent. When the parent moves the state to another case, the
  /// child's effects are cancelled. A child action that arrives in another case is reported.
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where CaseState == Case.State, CaseAction == Case.Action {
    _IfCaseLetReducer(
      parent: self,
      child: _LazyReducer(`case`()),
      toChildState: CaseExtractor(toCaseState),
      toChildAction: CaseExtractor(toCaseAction),
      childPath: ChildEffectsPath(toCaseState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  /// Resolved when the first child action arrives, so that the child may be the parent's own
  /// feature.
  @usableFromInline let child: _LazyReducer<Child>
  @usableFromInline let toChildState: CaseExtractor<Parent.State, Child.State>
  @usableFromInline let toChildAction: CaseExtractor<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation
  /// The child's key path for its effects' ids, hashed once.
  @usableFromInline let childPath: ChildEffectsPath
  /// How the child's identity is read, decided once.
  @usableFromInline let identity: _ChildIdentity<Child.State>

  @usableFromInline
  init(
    parent: Parent,
    child: _LazyReducer<Child>,
    toChildState: CaseExtractor<Parent.State, Child.State>,
    toChildAction: CaseExtractor<Parent.Action, Child.Action>,
    childPath: ChildEffectsPath,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
    self.childPath = childPath
    self.identity = _ChildIdentity()
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffects = Effect<Parent.Action>.none
    if let childAction = self.toChildAction.extract(action) {
      if var childState = self.toChildState.extract(state), let id = self.childID(state) {
        let effect = self.child.reduce(into: &childState, action: childAction)
        state = self.toChildState.embed(childState)
        childEffects = effect.mapChild(self.toChildAction.embed, id: id)
      } else {
        self.location.report(
          """
          An "ifCaseLet" at "\(self.location.fileID):\(self.location.line)" received a child \
          action when child state was set to a different case:

            Action: \(String(customDumping: action))
            State: \(String(customDumping: state))
          """
        )
      }
    }
    let idBefore = self.childID(state)
    let parentEffects = self.parent.reduce(into: &state, action: action)
    let idAfter = self.childID(state)
    let cancelEffects: Effect<Parent.Action> =
      if let idBefore, idBefore != idAfter { .cancelChild(idBefore) } else { .none }
    return childEffects.merge(with: parentEffects).merge(with: cancelEffects)
  }

  @inlinable
  func childID(_ state: Parent.State) -> ChildEffectsID? {
    guard let child = self.toChildState.extract(state) else { return nil }
    return ChildEffectsID(path: self.childPath, identity: self.identity.identify(child))
  }
}
