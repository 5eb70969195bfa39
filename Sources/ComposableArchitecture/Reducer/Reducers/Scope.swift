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
  @usableFromInline
  enum ChildStatePath {
    case keyPath(StatePath<ParentState, Child.State>)
    case casePath(CaseExtractor<ParentState, Child.State>)
  }

  @usableFromInline let toChildState: ChildStatePath
  @usableFromInline let toChildAction: CaseExtractor<ParentAction, Child.Action>
  @usableFromInline let child: Reduce<Child.State, Child.Action>
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  /// Runs `child` on the state at `toChildState` for actions in the `toChildAction` case.
  @inlinable
  @_disfavoredOverload
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(StatePath(toChildState))
    self.toChildAction = CaseExtractor(toChildAction)
    self.child = child()._resolve()
    self.fileID = #fileID
    self.filePath = #filePath
    self.line = #line
    self.column = #column
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
    self.toChildState = .casePath(CaseExtractor(toChildState))
    self.toChildAction = CaseExtractor(toChildAction)
    self.child = child()._resolve()
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.toChildAction.extract(action) else { return .none }
    switch self.toChildState {
    case let .keyPath(path):
      let effect = path.modify(&state) { self.child.reduce(into: &$0, action: childAction) }
      if effect.isNone { return .none }
      return effect.map(self.toChildAction.embed)
    case let .casePath(extractor):
      guard var childState = extractor.extract(state) else {
        reportIssue(
          """
          A "Scope" at "\(self.fileID):\(self.line)" received a child action when child state \
          was set to a different case:

            Action: \(String(customDumping: action))
            State: \(String(customDumping: state))

          Make sure the parent does not change the state's case before the child's actions \
          arrive, and that effects of the child are cancelled when it leaves.
          """,
          fileID: self.fileID,
          filePath: self.filePath,
          line: self.line,
          column: self.column
        )
        return .none
      }
      let effect = self.child.reduce(into: &childState, action: childAction)
      state = extractor.embed(childState)
      return effect.map(self.toChildAction.embed)
    }
  }
}
