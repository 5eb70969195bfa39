import OrderedCollections

extension Reducer {
  /// Runs the features of a navigation stack.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in ... }
  ///     .forEach(\.path, action: \.path) {
  ///       Path()
  ///     }
  /// }
  /// ```
  ///
  /// Elements run before the parent. `popFrom` runs the parent, then pops. `push` pushes, then
  /// runs the parent. Popped elements have their effects cancelled, and
  /// `@Dependency(\.dismiss)` in an element's effect pops that element.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
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

  /// Runs a navigation stack whose elements are a `@Reducer enum`.
  ///
  /// ```swift
  /// .forEach(\.path, action: \.path)
  /// ```
  @inlinable
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, DestinationState.StateReducer>
  where DestinationState.StateReducer.Action == DestinationAction {
    _StackReducer(
      parent: self,
      destination: DestinationState.StateReducer.resolvedBody,
      toStackState: toStackState,
      toStackAction: CaseExtractor(toStackAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
public struct _StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Reduce<Destination.State, Destination.Action>
  @usableFromInline let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  /// The same key path, applied in place where it can be.
  @usableFromInline let stackStatePath: StatePath<Parent.State, StackState<Destination.State>>
  @usableFromInline let toStackAction: CaseExtractor<Parent.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let location: SourceLocation
  /// The child's key path for its effects' ids, hashed once.
  @usableFromInline let childPath: ChildEffectsPath

  @usableFromInline
  init(
    parent: Parent,
    destination: Reduce<Destination.State, Destination.Action>,
    toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: CaseExtractor<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toStackState = toStackState
    self.stackStatePath = StatePath(toStackState)
    self.toStackAction = toStackAction
    self.location = location
    self.childPath = ChildEffectsPath(toStackState)
  }

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let stackAction = self.toStackAction.extract(action)
    var elementEffects = Effect<Parent.Action>.none
    switch stackAction {
    case let .element(id, elementAction):
      if state[keyPath: self.toStackState][id: id] != nil {
        let toStackAction = self.toStackAction
        let destination = self.destination
        elementEffects = self.stackStatePath
          .modify(&state) { destination.reduce(into: &$0[id: id]!, action: elementAction) }
          .map { toStackAction.embed(.element(id: id, action: $0)) }
          .dismissing(with: toStackAction.embed(.popFrom(id: id)))
          .child(self.childID(id))
      } else {
        self.report("an element action for a missing element", action: action)
      }
    case let .push(id, element):
      if state[keyPath: self.toStackState][id: id] != nil {
        self.report("a push for an id already in the stack", action: action)
      } else {
        state[keyPath: self.toStackState]._append(element, id: id)
      }
    case .popFrom, .none:
      break
    }
    let idsBefore = state[keyPath: self.toStackState].ids
    let parentEffects = self.parent.reduce(into: &state, action: action)
    if case let .popFrom(id) = stackAction {
      if state[keyPath: self.toStackState][id: id] == nil, !idsBefore.contains(id) {
        self.report("a pop for a missing element", action: action)
      }
      state[keyPath: self.toStackState].pop(from: id)
    }
    let idsAfter = state[keyPath: self.toStackState].ids
    var cancelEffects = Effect<Parent.Action>.none
    if !_sameOrderedSet(idsBefore, idsAfter) {
      for id in idsBefore where !idsAfter.contains(id) {
        cancelEffects = cancelEffects.merge(with: .cancelChild(self.childID(id)))
      }
    }
    // NB: Elements that a reducer outside this one removed since the last action through here
    //     have their effects cancelled now, as in TCA.
    let mounted = state[keyPath: self.toStackState]._mountedIDs
    if mounted.map({ !_sameOrderedSet($0, idsAfter) }) ?? true {
      for id in mounted ?? [] where !idsBefore.contains(id) && !idsAfter.contains(id) {
        cancelEffects = cancelEffects.merge(with: .cancelChild(self.childID(id)))
      }
      state[keyPath: self.toStackState]._mountedIDs = idsAfter
    }
    return elementEffects.merge(with: parentEffects).merge(with: cancelEffects)
  }

  func childID(_ id: StackElementID) -> ChildEffectsID {
    ChildEffectsID(path: self.childPath, identity: ErasedID(exactly: id))
  }

  func report(_ what: String, action: Parent.Action) {
    self.location.report(
      """
      A "forEach" at "\(self.location.fileID):\(self.location.line)" received \(what):

        Action: \(String(customDumping: action))
      """
    )
  }
}
