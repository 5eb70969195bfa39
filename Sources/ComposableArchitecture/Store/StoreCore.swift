/// What a ``Store`` reads state from and sends actions to: the root, or a scope of it.
@usableFromInline
class StoreCore<State, Action>: @unchecked Sendable {
  @usableFromInline
  var currentState: State { fatalError("abstract") }

  @usableFromInline
  func send(_ action: Action) -> StoreTask { fatalError("abstract") }

  /// Marks the state as read for observation.
  @usableFromInline
  func access() { fatalError("abstract") }

  func observe(_ callback: @escaping () -> Void) -> StoreObservation { fatalError("abstract") }
}

/// The root core: the store that owns state.
@usableFromInline
final class RootStoreCore<State, Action>: StoreCore<State, Action>, @unchecked Sendable {
  @usableFromInline let root: RootCore<State, Action>

  @usableFromInline
  init(_ root: RootCore<State, Action>) {
    self.root = root
  }

  @inlinable
  override var currentState: State { self.root.state }

  @inlinable
  override func send(_ action: Action) -> StoreTask { self.root.send(action) }

  @usableFromInline
  override func access() {
    self.root.isTracked = true
    self.root.isObserved = true
    self.root.registrar.access(self.root, keyPath: \.observedState)
  }

  override func observe(_ callback: @escaping () -> Void) -> StoreObservation {
    let root = self.root
    root.isObserved = true
    let id = root.observers.insert { _ in callback() }
    return StoreObservation { [weak root] in root?.observers.remove(id) }
  }
}

/// A core that views part of a parent's state and embeds its actions in the parent's.
@usableFromInline
final class ScopedStoreCore<ParentState, ParentAction, State, Action>: StoreCore<State, Action>,
  @unchecked Sendable
{
  @usableFromInline let parent: StoreCore<ParentState, ParentAction>
  @usableFromInline let toState: (ParentState) -> State
  @usableFromInline let fromAction: (Action) -> ParentAction

  @usableFromInline
  init(
    parent: StoreCore<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
  }

  @inlinable
  override var currentState: State { self.toState(self.parent.currentState) }

  @inlinable
  override func send(_ action: Action) -> StoreTask { self.parent.send(self.fromAction(action)) }

  @inlinable
  override func access() { self.parent.access() }

  override func observe(_ callback: @escaping () -> Void) -> StoreObservation {
    self.parent.observe(callback)
  }
}

/// Keeps an observation of a store alive; observation stops when it is cancelled or released.
public final class StoreObservation: @unchecked Sendable {
  private var onCancel: (() -> Void)?

  init(_ onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops the observation.
  public func cancel() {
    self.onCancel?()
    self.onCancel = nil
  }

  deinit {
    self.onCancel?()
  }
}
