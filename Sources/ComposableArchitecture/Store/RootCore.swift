import Synchronization

/// The state, reducer and running effects behind a root ``Store``.
///
/// All of its mutable members are used on the store's isolation only; effects reach it by
/// hopping there (see ``deliver(_:)``).
@usableFromInline
final class RootCore<State, Action>: @unchecked Sendable {
  @usableFromInline var state: State
  @usableFromInline let reducer: Reduce<State, Action>
  @usableFromInline var dependencies: DependencyValues
  @usableFromInline let scopesDependencies: Bool
  @usableFromInline let registry: CancellationRegistry
  @usableFromInline let isolation: any Actor
  let taskExecutor: (any TaskExecutor)?
  @usableFromInline let storeExecutor: StoreExecutor?

  // NB: Not checked for exclusive access at run time (a thread-local access set on every
  //     touch): only the core's own methods use these, one at a time, on the store's thread.
  @exclusivity(unchecked) @usableFromInline var buffer: [Action] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  @exclusivity(unchecked) @usableFromInline var startedTasks: [Task<Void, Never>] = []
  /// Timers armed by the send under way without a task (``Effect/send(_:after:clock:)``).
  @exclusivity(unchecked) @usableFromInline var startedTimers: [TimerArming] = []
  /// Which of the clocks given to ``Effect/send(_:after:clock:)`` can schedule, by type.
  @exclusivity(unchecked) @usableFromInline var schedulingClocks = SchedulingClockCache()
  /// Whether state was read through the store, so the Observation registrar must hear of
  /// changes; callback observers alone do not pay for it.
  @usableFromInline var isTracked = false
  /// Whether anyone (the registrar or a callback) wants to hear of changes.
  @usableFromInline var isObserved = false
  @usableFromInline let observers = StoreObservers<State>()
  let inFlight = InFlightEffects()
  let registrar = ObservationRegistrar()

  @usableFromInline var _effectSend: Send<Action>?

  /// How effects send actions back, made once.
  ///
  /// Inlinable so that the closure is made by code specialized with the store, and processes
  /// the actions effects send without generic metadata lookups.
  @inlinable
  var effectSend: Send<Action> {
    if let send = self._effectSend { return send }
    let send = Send(send: self.makeEffectSend())
    self._effectSend = send
    return send
  }

  @inlinable
  func makeEffectSend() -> @Sendable (Action) async -> Void {
    return { [weak self] action in
      guard let self else { return }
      // NB: On the thread of the store's executor no job of the store's actor can be running
      // but this one, so the action is processed in place instead of hopping.
      if let executor = self.storeExecutor, executor.isCurrent {
        _ = self.send(action)
        return
      }
      let box = UncheckedSendable(action)
      await _perform(on: self.isolation) { _ = self.send(box.value) }
    }
  }

  /// Whether effects join the cascade of the test-store send that led to them (test stores).
  @usableFromInline let tracksCascades: Bool
  /// The cascade of the test-store send being handled.
  @usableFromInline var sendCascade: _EffectCascade?

  /// - Parameter effectsExecutor: Where effects run, when not where the isolation's executor
  ///   says (a test store's own executor).
  init(
    state: State,
    reducer: Reduce<State, Action>,
    dependencies: DependencyValues,
    scopesDependencies: Bool,
    registry: CancellationRegistry,
    isolation: any Actor,
    effectsExecutor: StoreExecutor? = nil
  ) {
    self.state = state
    self.reducer = reducer
    self.dependencies = dependencies
    self.scopesDependencies = scopesDependencies
    self.registry = registry
    self.isolation = isolation
    self.taskExecutor = effectsExecutor?.nonisolatedExecutor ?? _taskExecutor(of: isolation)
    self.tracksCascades = effectsExecutor != nil
    self.storeExecutor =
      (self.taskExecutor as? StoreTaskExecutor)?.base ?? self.taskExecutor as? StoreExecutor
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
    if self.scopesDependencies {
      DependencyValues.$_current.withValue(self.dependencies) { self.drain(action) }
    } else {
      self.drain(action)
    }
    self.isSending = false
    if self.isObserved { self.didChange() }
    guard !self.startedTasks.isEmpty || !self.startedTimers.isEmpty else {
      return StoreTask(rawValue: nil)
    }
    return self.takeStarted()
  }

  @inlinable
  func drain(_ action: Action) {
    self.process(action)
    guard !self.buffer.isEmpty else { return }
    var index = 0
    while index < self.buffer.count {
      let next = self.buffer[index]
      index += 1
      self.process(next)
    }
    self.buffer.removeAll(keepingCapacity: true)
  }

  @inlinable
  func process(_ action: Action) {
    let effect = self.reducer.reduce(into: &self.state, action: action)
    if effect.isNone { return }
    self.interpret(effect, ids: [])
  }

  // NB: Inlinable so that it is specialized with the store: switching over an effect in generic
  //     code looks up generic metadata for every effect.
  /// Performs `effect`: `ids` are the cancellation ids around it, `namespace` the child features
  /// (outermost first) it belongs to.
  @inlinable
  func interpret(_ effect: Effect<Action>, ids: [EffectID], namespace: [ChildEffectsID] = []) {
    effect.interpret(
      ids: ids,
      namespace: namespace,
      registry: self.registry,
      send: { self.buffer.append($0) },
      start: { priority, ids, namespace, operation in
        self.start(priority: priority, ids: ids, namespace: namespace, send: self.effectSend, operation)
      },
      schedule: { action, duration, clock, ids in
        if let clock = self.schedulingClocks.scheduling(clock) {
          self.schedule(action, after: duration, on: clock, ids: ids)
        } else {
          if let inFlight = ids.inFlight { self.registry.cancel(id: inFlight) }
          self.start(
            priority: nil, ids: ids.made(), namespace: ids.namespace, send: self.effectSend,
            Effect.sleepThenSend(action, after: duration, clock: clock))
        }
      },
      startConcatenation: { effects, ids, namespace in
        self.startConcatenation(effects, ids: ids, namespace: namespace, send: self.effectSend)
      }
    )
  }

  /// The effects the send under way started, as one task.
  @usableFromInline
  func takeStarted() -> StoreTask {
    defer {
      self.startedTasks.removeAll(keepingCapacity: true)
      self.startedTimers.removeAll(keepingCapacity: true)
    }
    return StoreTask.combining(self.startedTasks, timers: self.startedTimers)
  }

  /// Arms a timer in `clock` that sends `action` to this store, with no task until it fires.
  /// When `ids` name an id in flight, the work under it is cancelled first; when that is this
  /// store's timer under the same ids, it is moved in the clock instead.
  // NB: Inlinable so that the timer's generic class is specialized, not looked up each time.
  @inlinable
  func schedule(_ action: Action, after duration: Duration, on clock: any SchedulingClock, ids timerIDs: TimerIDs) {
    if let inFlight = timerIDs.inFlight,
      let handle = self.registry.takeOverTimer(inFlight: inFlight, ids: timerIDs, owner: self)
    {
      let timer = unsafeDowncast(handle, to: ScheduledSend<State, Action>.self)
      if let arming = timer.rearm(action, after: duration, on: clock) {
        self.startedTimers.append(TimerArming(part: timer, arming: arming))
        return
      }
      timer.cancel()
    }
    let ids = timerIDs.made()
    let timer = ScheduledSend(core: self, action: action, clock: clock, isRegistered: !ids.isEmpty)
    if !ids.isEmpty { self.registry.insert(timer, ids: ids) }
    timer.arm(after: duration)
    self.startedTimers.append(TimerArming(part: timer, arming: 0))
  }

  /// Runs `effects` one after the other in a task.
  @usableFromInline
  func startConcatenation(
    _ effects: [Effect<Action>], ids: [EffectID], namespace: [ChildEffectsID], send: Send<Action>
  ) {
    let rest = Effect(operation: .concatenate(effects))
    self.start(priority: nil, ids: ids, namespace: namespace, send: send) { [registry] send in
      await EffectRunner(registry: registry, namespace: namespace).run(rest, send: send)
    }
  }

  @usableFromInline
  func start(
    priority: TaskPriority?,
    ids: [EffectID],
    namespace: [ChildEffectsID],
    send: Send<Action>,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void
  ) {
    let registry = self.registry
    let handle = ids.isEmpty ? nil : CancellationHandle()
    if let handle { registry.insert(handle, ids: ids) }
    let inFlight = self.inFlight
    let effectID = inFlight.reserve()
    let context = EffectContext(
      registry: registry, namespace: namespace, taskExecutor: self.taskExecutor)
    let body: @Sendable () async -> Void = {
      await EffectContext.$current.withValue(context) {
        await operation(send)
      }
      if let handle { registry.remove(handle) }
      inFlight.finish(effectID)
    }
    let task: Task<Void, Never>
    // NB: In a test store, every effect a test's send leads to joins that send's cascade, and
    //     carries it to the effects of the actions it sends.
    if self.tracksCascades, let cascade = self.sendCascade ?? _EffectCascade.current {
      task = _EffectCascade.$current.withValue(cascade) {
        Task(executorPreference: self.taskExecutor, priority: priority, operation: body)
      }
      cascade.add(task)
    } else {
      task = Task(executorPreference: self.taskExecutor, priority: priority, operation: body)
    }
    handle?.attach { task.cancel() }
    inFlight.insert(task, id: effectID)
    self.startedTasks.append(task)
  }

  /// Tells observers that state may have changed.
  @usableFromInline
  func didChange() {
    if self.isTracked {
      self.registrar.withMutation(of: self, keyPath: \.observedState) {}
    }
    if !self.observers.isEmpty {
      self.observers.notify(self.state)
    }
  }

  /// State as read by observers; reading it through ``Store`` registers observation.
  var observedState: State { self.state }
}

extension RootCore: Observable {}
