/// The runtime of a feature: it holds state, runs the reducer for each action, and runs the
/// effects the reducer returns.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// }
/// store.send(.increment)
/// print(store.count)  // 1
/// ```
///
/// A store belongs to the isolation it is made in (the main actor, or an actor that runs on a
/// ``StoreExecutor``): call it from there only. Its effects send actions back by hopping to that
/// isolation; a store made on a ``StoreExecutor``'s actor keeps the whole loop on one thread.
@dynamicMemberLookup
public final class Store<State, Action>: @unchecked Sendable {
  @usableFromInline
  let core: StoreCore<State, Action>

  @usableFromInline
  var children: [ScopeID: AnyObject] = [:]

  /// The root core, for root stores: sends to it are direct calls.
  @usableFromInline
  let root: RootCore<State, Action>?

  @usableFromInline
  init(core: StoreCore<State, Action>, root: RootCore<State, Action>? = nil) {
    self.core = core
    self.root = root
  }

  /// Makes a store from an initial state and a reducer.
  ///
  /// ```swift
  /// let store = Store(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.continuousClock = ImmediateClock()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start with.
  ///   - reducer: The reducer that evolves the state.
  ///   - prepareDependencies: Changes to the dependencies the reducer and its effects see.
  ///   - isolation: Where the store lives; defaults to the caller's isolation, or the main
  ///     actor for nonisolated callers.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation
  ) {
    self.init(
      initialState: initialState(), reducer: reducer, withDependencies: prepareDependencies,
      effectsExecutor: nil, isolation: isolation ?? MainActor.shared)
  }

  /// A store whose effects run on `effectsExecutor` (a test store's own executor) instead of
  /// where `isolation`'s executor would run them.
  convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)?,
    effectsExecutor: StoreExecutor?,
    isolation: any Actor
  ) {
    let registry = CancellationRegistry()
    // NB: A store made in the default dependency context, with no overrides, leaves the
    // task-local dependencies alone on each send: that costs a push per batch of actions.
    let scopesDependencies = prepareDependencies != nil || !_isDefault(DependencyValues._current)
    let (state, resolved, dependencies) = Dependencies.withDependencies {
      if let prepareDependencies {
        $0.stackElementIDGenerator = .incrementing()
        prepareDependencies(&$0)
      }
    } operation: {
      @Dependency(\.self) var dependencies
      return (initialState(), reducer()._resolve(), dependencies)
    }
    let root = RootCore(
      state: state,
      reducer: resolved,
      dependencies: dependencies,
      scopesDependencies: scopesDependencies,
      registry: registry,
      isolation: isolation,
      effectsExecutor: effectsExecutor
    )
    self.init(core: RootStoreCore(root), root: root)
  }

  /// Sends an action to the store.
  ///
  /// The reducer runs at once, as do the actions it sends with ``Effect/send(_:)``. The
  /// returned task covers the asynchronous effects started along the way.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let root = self.root { return root.send(action) }
    return self.core.send(action)
  }

  /// The current state.
  @inlinable
  public var state: State {
    self.core.access()
    return self.core.currentState
  }

  /// Reads a value from the current state: `store.count`.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    self.state[keyPath: keyPath]
  }

  /// Reads the current state without registering observation.
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// ```
  @inlinable
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    if let root = self.root { return body(root.state) }
    return body(self.core.currentState)
  }

  /// Calls `onChange` after each batch of actions the store processes, with the new state.
  ///
  /// The callback runs on the store's isolation, synchronously, after the last action of a
  /// ``send(_:)`` (or of an effect's send) has been reduced. Keep the returned observation
  /// alive for as long as you want to hear.
  ///
  /// ```swift
  /// let observation = store.observe { state in
  ///   broadcast(state.board)
  /// }
  /// ```
  public func observe(_ onChange: @escaping (_ state: State) -> Void) -> StoreObservation {
    let core = self.core
    return core.observe { onChange(core.currentState) }
  }
}

extension Store where State: Sendable {
  /// The state now and after each batch of actions, as an async sequence.
  ///
  /// ```swift
  /// for await state in store.states {
  ///   print(state.count)
  /// }
  /// ```
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .bufferingNewest(64))
    continuation.yield(self.withState { $0 })
    let observation = self.observe { continuation.yield($0) }
    let box = UncheckedSendable(observation)
    continuation.onTermination = { _ in _ = box }
    return stream
  }
}

/// A store of a feature's state and actions: `StoreOf<Feature>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// Identifies a child store made by ``Store/scope(state:action:)``.
@usableFromInline
struct ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
  let kind: Int
}

/// Whether `dependencies` has no overrides: the context a plain `Store(...)` is made in.
func _isDefault(_ dependencies: DependencyValues) -> Bool {
  for child in Mirror(reflecting: dependencies).children where child.label == "storage" {
    if let storage = child.value as? [ObjectIdentifier: any Sendable] { return storage.isEmpty }
  }
  return false
}
