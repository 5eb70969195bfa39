import Synchronization

/// The state, reducer and running effects behind a root ``Store``.
///
/// All of its mutable members are used on the store's isolation only; effects reach it by
/// hopping there (see ``deliver(_:)``).
@usableFromInline
final class RootCore<State, Action>: @unchecked Sendable {
  @usableFromInline var state: State
  @usableFromInline let reducer: any Reducer<State, Action>
  @usableFromInline var dependencies: DependencyValues
  @usableFromInline let registry: CancellationRegistry
  @usableFromInline let isolation: any Actor
  let taskExecutor: (any TaskExecutor)?

  @usableFromInline var buffer: [Action] = []
  @usableFromInline var isSending = false
  @usableFromInline var startedTasks: [Task<Void, Never>] = []
  @usableFromInline var isObserved = false
  @usableFromInline let observers = StoreObservers<State>()
  let inFlight = InFlightEffects()
  let registrar = ObservationRegistrar()

  @usableFromInline
  lazy var effectSend: Send<Action> = Send { [weak self] action in
    guard let self else { return }
    let box = UncheckedSendable(action)
    await _perform(on: self.isolation) { _ = self.send(box.value) }
  }

  init(
    state: State,
    reducer: any Reducer<State, Action>,
    dependencies: DependencyValues,
    registry: CancellationRegistry,
    isolation: any Actor
  ) {
    self.state = state
    self.reducer = reducer
    self.dependencies = dependencies
    self.registry = registry
    self.isolation = isolation
    self.taskExecutor = _taskExecutor(of: isolation)
  }

  deinit {
    self.registry.cancelAll()
    self.inFlight.cancelAll()
  }

  /// Processes `action` and every action it sends synchronously, in order.
  @inlinable
  func send(_ action: Action) -> StoreTask {
    if self.isSending {
      self.buffer.append(action)
      return StoreTask(rawValue: nil)
    }
    self.isSending = true
    self.process(action)
    if !self.buffer.isEmpty {
      var index = 0
      while index < self.buffer.count {
        let next = self.buffer[index]
        index += 1
        self.process(next)
      }
      self.buffer.removeAll(keepingCapacity: true)
    }
    self.isSending = false
    if self.isObserved { self.didChange() }
    guard !self.startedTasks.isEmpty else { return StoreTask(rawValue: nil) }
    defer { self.startedTasks.removeAll(keepingCapacity: true) }
    return StoreTask.combining(self.startedTasks)
  }

  @inlinable
  func process(_ action: Action) {
    let effect = DependencyValues.$_current.withValue(self.dependencies) {
      self.reducer.reduce(into: &self.state, action: action)
    }
    if case .none = effect.operation { return }
    self.interpret(effect, ids: [])
  }

  @usableFromInline
  func interpret(_ effect: Effect<Action>, ids: [AnyHashableSendable]) {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      self.buffer.append(action)
    case let .run(priority, operation):
      self.start(priority: priority, ids: ids, operation)
    case let .merge(effects):
      for effect in effects { self.interpret(effect, ids: ids) }
    case .concatenate:
      self.start(priority: nil, ids: ids) { [registry] send in
        await EffectRunner(registry: registry).run(effect, send: send)
      }
    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { self.registry.cancel(id: id) }
      self.interpret(effect, ids: ids + [id])
    case let .cancel(id):
      self.registry.cancel(id: id)
    }
  }

  func start(
    priority: TaskPriority?,
    ids: [AnyHashableSendable],
    _ operation: @escaping @Sendable (Send<Action>) async -> Void
  ) {
    let send = self.effectSend
    let registry = self.registry
    let handle = ids.isEmpty ? nil : CancellationHandle()
    let token = handle.map { registry.insert($0, ids: ids) }
    let inFlight = self.inFlight
    let effectID = inFlight.reserve()
    let task = Task(executorPreference: self.taskExecutor, priority: priority) {
      await operation(send)
      if let token { registry.remove(token, ids: ids) }
      inFlight.finish(effectID)
    }
    handle?.attach { task.cancel() }
    inFlight.insert(task, id: effectID)
    self.startedTasks.append(task)
  }

  /// Tells observers that state may have changed.
  @usableFromInline
  func didChange() {
    self.registrar.withMutation(of: self, keyPath: \.observedState) {}
    self.observers.notify(self.state)
  }

  /// State as read by observers; reading it through ``Store`` registers observation.
  var observedState: State { self.state }
}

extension RootCore: Observable {}
