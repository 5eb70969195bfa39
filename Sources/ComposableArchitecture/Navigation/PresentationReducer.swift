extension Reducer {
  /// Runs a presented child feature (`@Presents` state and ``PresentationAction``).
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in ... }
  ///     .ifLet(\.$detail, action: \.detail) {
  ///       Detail()
  ///     }
  /// }
  /// ```
  ///
  /// The child runs before the parent. `.dismiss` runs the parent, then sets the state to
  /// `nil`. Whenever the child goes away its effects are cancelled, and
  /// `@Dependency(\.dismiss)` in the child's effects sends `.dismiss`.
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
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

  /// Runs a presented destination made with `@Reducer enum`, whose reducer is its `body`.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: \.destination)
  /// ```
  @inlinable
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer>
  where DestinationState.StateReducer.Action == DestinationAction {
    _PresentationReducer(
      parent: self,
      destination: DestinationState.StateReducer.resolvedBody,
      toPresentationState: toPresentationState,
      toPresentationAction: CaseExtractor(toPresentationAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// Presents an alert or a confirmation dialog: state that only sends actions, and that is
  /// dismissed once the parent has handled one of them.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .alert(.presented(.confirmResign)):
  ///     return .send(.resign)
  ///   ...
  ///   }
  /// }
  /// .ifLet(\.$alert, action: \.alert)
  /// ```
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
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
}

/// The reducer made by ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``.
public struct _PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Reduce<Destination.State, Destination.Action>
  @usableFromInline let toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>
  /// The same key path, applied in place where it can be.
  @usableFromInline let presentationStatePath: StatePath<Parent.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction: CaseExtractor<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let location: SourceLocation
  /// The child's key path for its effects' ids, hashed once.
  @usableFromInline let childPath: ChildEffectsPath
  /// How the destination's identity is read, decided once.
  @usableFromInline let identity: _ChildIdentity<Destination.State>

  @usableFromInline
  init(
    parent: Parent,
    destination: Reduce<Destination.State, Destination.Action>,
    toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>,
    toPresentationAction: CaseExtractor<Parent.Action, PresentationAction<Destination.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toPresentationState = toPresentationState
    self.presentationStatePath = StatePath(toPresentationState)
    self.toPresentationAction = toPresentationAction
    self.location = location
    self.childPath = ChildEffectsPath(toPresentationState)
    self.identity = _ChildIdentity()
  }

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let presentationAction = self.toPresentationAction.extract(action)
    var destinationEffects = Effect<Parent.Action>.none
    if case let .presented(destinationAction) = presentationAction {
      if let id = self.destinationID(state) {
        let toPresentationAction = self.toPresentationAction
        let destination = self.destination
        destinationEffects = self.presentationStatePath
          .modify(&state) { destination.reduce(into: &$0.wrappedValue!, action: destinationAction) }
          .map { toPresentationAction.embed(.presented($0)) }
          .dismissing(with: toPresentationAction.embed(.dismiss))
          .child(id)
      } else {
        self.location.report(
          """
          An "ifLet" at "\(self.location.fileID):\(self.location.line)" received a presentation \
          action when destination state was absent:

            Action: \(String(customDumping: action))

          An action was sent to a child that is not presented. Make sure the child's effects \
          are cancelled or finished when it is dismissed.
          """
        )
      }
    }
    let idBefore = self.destinationID(state)
    let parentEffects = self.parent.reduce(into: &state, action: action)
    var idAfter = self.destinationID(state)
    // NB: An alert or a dialog (or an enum destination showing one) goes away once the parent
    //     has handled its action, unless the parent presented something else meanwhile.
    if case .presented = presentationAction, let idBefore, idBefore == idAfter,
      let destination = state[keyPath: self.toPresentationState].wrappedValue,
      _isEphemeral(destination)
    {
      state[keyPath: self.toPresentationState].wrappedValue = nil
      idAfter = nil
    }
    if case .dismiss = presentationAction {
      if idAfter == nil, idBefore == nil {
        self.location.report(
          """
          An "ifLet" at "\(self.location.fileID):\(self.location.line)" received a "dismiss" \
          action when destination state was absent.
          """
        )
      }
      // NB: A parent that presented another child (another identity) in answer keeps it.
      if idBefore == nil || idAfter == idBefore {
        state[keyPath: self.toPresentationState].wrappedValue = nil
        idAfter = nil
      }
    }
    var cancelEffects: Effect<Parent.Action> =
      if let idBefore, idBefore != idAfter { .cancelChild(idBefore) } else { .none }
    // NB: A child that a reducer outside this one dismissed or replaced since the last action
    //     through here has its effects cancelled now, as in TCA.
    let remembered = state[keyPath: self.toPresentationState]._presentedID
    if remembered != idAfter {
      if let remembered, remembered != idBefore {
        cancelEffects = cancelEffects.merge(with: .cancelChild(remembered))
      }
      state[keyPath: self.toPresentationState]._presentedID = idAfter
    }
    return destinationEffects.merge(with: parentEffects).merge(with: cancelEffects)
  }

  func destinationID(_ state: Parent.State) -> ChildEffectsID? {
    guard let destination = state[keyPath: self.toPresentationState].wrappedValue else {
      return nil
    }
    return ChildEffectsID(
      path: self.childPath,
      identity: self.identity.identify(destination)
    )
  }
}
