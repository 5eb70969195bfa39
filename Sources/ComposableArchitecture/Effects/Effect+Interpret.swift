extension Effect {
  /// How an interpreter starts a task for an operation: its priority, the cancellation ids
  /// around it and the child features it belongs to.
  @usableFromInline
  typealias Start = (
    TaskPriority?, [EffectID], [ChildEffectsID], @escaping @Sendable (Send<Action>) async -> Void
  ) -> Void

  /// How an interpreter arms a delayed send: the action, the delay, the clock, and the
  /// cancellation ids it is filed under with the child features it belongs to. When they name an
  /// id whose work in flight it cancels first (`.cancellable(id:cancelInFlight: true)` right
  /// around it), a store can re-arm that timer in place.
  @usableFromInline
  typealias Schedule = (Action, Duration, any Clock<Duration>, TimerIDs) -> Void

  /// How an interpreter runs the parts of a concatenation that wait, one after the other.
  @usableFromInline
  typealias StartConcatenation = ([Effect<Action>], [EffectID], [ChildEffectsID]) -> Void

  // NB: Inlinable so that it is specialized with the store (and, for a mapped child, with the
  //     child's actions): switching over an effect in generic code looks up generic metadata for
  //     every effect. The functions are not escaping, so a mapped level wraps them on the stack.
  /// Performs this effect: `ids` are the cancellation ids around it, `namespace` the child
  /// features (outermost first) it belongs to. Actions it sends at once go to `send`; work that
  /// waits goes to `start`, `schedule` and `startConcatenation`.
  @inlinable
  func interpret(
    ids: [EffectID],
    namespace: [ChildEffectsID],
    registry: CancellationRegistry,
    send: (Action) -> Void,
    start: Start,
    schedule: Schedule,
    startConcatenation: StartConcatenation
  ) {
    guard let box = self.box else { return }
    // NB: A timer is read from its box's fields, with no operation made to switch over.
    if let timer = self.delayedSendBox {
      schedule(
        timer.action, timer.duration, timer.clock,
        TimerIDs(enclosing: ids, cancellable: timer.cancelInFlightID, namespace: namespace))
      return
    }
    switch box.operation {
    case .none:
      return
    case let .send(action):
      send(action)
    case let .perform(work):
      work()
    case let .run(priority, operation):
      start(priority, ids, namespace, operation)
    case .delayedSend:
      return  // NB: Handled above.
    case let .merge(effects):
      for effect in effects {
        effect.interpret(
          ids: ids, namespace: namespace, registry: registry, send: send, start: start,
          schedule: schedule, startConcatenation: startConcatenation)
      }
    case let .mergePair(first, second):
      first.interpret(
        ids: ids, namespace: namespace, registry: registry, send: send, start: start,
        schedule: schedule, startConcatenation: startConcatenation)
      second.interpret(
        ids: ids, namespace: namespace, registry: registry, send: send, start: start,
        schedule: schedule, startConcatenation: startConcatenation)
    case let .concatenate(effects):
      // NB: Leading parts that finish at once (sends, cancellations) run now, in order; the
      // rest runs in a task, each part after the previous one finishes.
      var index = 0
      while index < effects.count, effects[index].isSynchronous {
        effects[index].interpret(
          ids: ids, namespace: namespace, registry: registry, send: send, start: start,
          schedule: schedule, startConcatenation: startConcatenation)
        index += 1
      }
      guard index < effects.count else { return }
      startConcatenation(Array(effects[index...]), ids, namespace)
    case .cancellable:
      let (id, cancelInFlight, effect) = self.cancellableParts
      // NB: A timer re-armed under its ids: the store cancels what is in flight itself, and may
      //     move its own timer instead (then no list of ids is made).
      if cancelInFlight, let timer = effect.delayedSendBox, timer.cancelInFlightID == nil {
        schedule(
          timer.action, timer.duration, timer.clock, TimerIDs(enclosing: ids, cancellable: id, namespace: namespace))
        return
      }
      // NB: The enclosing ids and this one's views in one list: one allocation.
      var all = ids
      id.appendFiledViews(in: namespace, to: &all)
      if cancelInFlight { registry.cancel(id: all[ids.count]) }
      effect.interpret(
        ids: all, namespace: namespace, registry: registry,
        send: send, start: start, schedule: schedule, startConcatenation: startConcatenation)
    case let .cancel(id):
      registry.cancel(id: id.inNamespace(namespace))
    case let .namespaced(component, effect):
      effect.interpret(
        ids: ids, namespace: registry.namespaces.appending(component, to: namespace), registry: registry,
        send: send, start: start, schedule: schedule, startConcatenation: startConcatenation)
    case .mapped:
      let box = unsafeDowncast(box, to: MappedEffectBox<Action>.self)
      box.walk(box, ids, namespace, registry, send, start, schedule, startConcatenation)
    }
  }
}
