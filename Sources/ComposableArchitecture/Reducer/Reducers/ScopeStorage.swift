/// Where a ``Scope`` finds its child's state.
@usableFromInline
enum _ScopeChildState<ParentState, ChildState> {
  case keyPath(StatePath<ParentState, ChildState>)
  case casePath(CaseExtractor<ParentState, ChildState>)
}

/// What a ``Scope`` holds besides its child, behind one reference.
@usableFromInline
final class _ScopeStorage<ParentState, ParentAction, Child: Reducer> {
  @usableFromInline let toChildState: _ScopeChildState<ParentState, Child.State>
  /// The child state's key path when it is one, with its byte offset: the fast path.
  @usableFromInline let childStatePath: StatePath<ParentState, Child.State>?
  @usableFromInline let toChildAction: CaseExtractor<ParentAction, Child.Action>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    toChildState: _ScopeChildState<ParentState, Child.State>,
    toChildAction: CaseExtractor<ParentAction, Child.Action>,
    location: SourceLocation
  ) {
    self.toChildState = toChildState
    if case let .keyPath(path) = toChildState {
      self.childStatePath = path
    } else {
      self.childStatePath = nil
    }
    self.toChildAction = toChildAction
    self.location = location
  }

  // NB: Always inlined so that nested scopes become one function: the hot path is a few loads
  //     and the call that extracts the child action.
  @inlinable
  @inline(__always)
  func reduce(
    into state: inout ParentState,
    action: ParentAction,
    child: Child._Resolved
  ) -> Effect<ParentAction> {
    guard let childAction = self.toChildAction.extract(action) else { return .none }
    let effect: Effect<Child.Action>
    if let offset = self.childStatePath?.currentOffset {
      effect = withUnsafeMutablePointer(to: &state) { pointer in
        child.reduce(
          into: &UnsafeMutableRawPointer(pointer)
            .advanced(by: offset)
            .assumingMemoryBound(to: Child.State.self)
            .pointee,
          action: childAction
        )
      }
    } else {
      effect = self.reduceChild(
        into: &state, action: action, child: child, childAction: childAction
      )
    }
    if effect.isNone { return .none }
    return effect.map(self.toChildAction.embed)
  }

  /// The child state behind a computed key path or an enum case: the slow path.
  @inlinable
  @inline(never)
  func reduceChild(
    into state: inout ParentState,
    action: ParentAction,
    child: Child._Resolved,
    childAction: Child.Action
  ) -> Effect<Child.Action> {
    switch self.toChildState {
    case let .keyPath(path):
      return child.reduce(into: &state[keyPath: path.keyPath], action: childAction)
    case let .casePath(extractor):
      guard var childState = extractor.extract(state) else {
        self.location.report(
          """
          A "Scope" at "\(self.location.fileID):\(self.location.line)" received a child action \
          when child state was set to a different case:

            Action: \(String(customDumping: action))
            State: \(String(customDumping: state))

          Make sure the parent does not change the state's case before the child's actions \
          arrive, and that effects of the child are cancelled when it leaves.
          """
        )
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = extractor.embed(childState)
      return effect
    }
  }
}
