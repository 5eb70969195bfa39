/// Runs a child reducer on part of the parent's state, for the child's actions.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.profile, action: \.profile) {
///     Profile()
///   }
///   Reduce { state, action in ... }
/// }
/// ```
///
/// The state may also be a case of an enum: `Scope(state: \.loggedIn, action: \.loggedIn)`.
/// When the enum is in another case, the child's actions are reported as an issue.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  // NB: The rest behind one reference, so that a scope is the child and a pointer: nested
  //     scopes stay small and their children sit at offsets known when compiling.
  @usableFromInline let storage: _ScopeStorage<ParentState, ParentAction, Child>
  @usableFromInline let child: Child._Resolved

  /// Runs `child` on the state at `toChildState` for actions in the `toChildAction` case.
  @inlinable
  @_disfavoredOverload
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
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
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
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

  /// The scope every public initializer makes, from the child state and action resolved once.
  @inlinable
  init(
    toChildState: _ScopeChildState<ParentState, Child.State>,
    toChildAction: CaseExtractor<ParentAction, Child.Action>,
    location: SourceLocation,
    child: () -> Child
  ) {
    self.storage = _ScopeStorage(
      toChildState: toChildState, toChildAction: toChildAction, location: location)
    self.child = child()._resolvedReducer()
  }

  @inlinable
  @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    self.storage.reduce(into: &state, action: action, child: self.child)
  }
}
