/// Runs an effect to completion inside a task: how `concatenate` runs its parts in order.
@usableFromInline
struct EffectRunner: Sendable {
  /// Whether the `.run` starting is a part of a concatenation, which does not run once
  /// cancelled.
  @TaskLocal @usableFromInline static var isRunningSequencePart = false

  let registry: CancellationRegistry
  /// The child features of the effect being run, outermost first.
  let namespace: [ChildEffectsID]

  func run<Action>(_ effect: Effect<Action>, send: Send<Action>) async {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      await send(action)
    case let .perform(work):
      work()
    case let .delayedSend(action, duration, clock):
      if effect.takenInCancellable != nil {
        await self.run(effect.withCancellableSpelledOut, send: send)
      } else {
        await Effect.sleepThenSend(action, after: duration, clock: clock)(send)
      }
    case let .run(_, operation):
      // NB: A part of a cancelled concatenation (or of a debounce whose wait was cancelled)
      //     does not run its operation; a lone `.run` cancelled before it started still does,
      //     as in TCA. `Effect.run` checks (wrappers around it, such as a test store's, run).
      await EffectRunner.$isRunningSequencePart.withValue(true) {
        await operation(send)
      }
    case .merge, .mergePair:
      await withTaskGroup(of: Void.self) { group in
        for effect in effect.mergedParts ?? [] {
          let effect = UncheckedSendable(effect)
          group.addTask { await self.run(effect.value, send: send) }
        }
      }
    case let .concatenate(effects):
      // NB: Parts after a cancellation are visited (their `.run`s do not start, and their
      // sends are dropped).
      for effect in effects {
        await self.run(effect, send: send)
      }
    case .cancellable:
      let (id, cancelInFlight, inner) = effect.cancellableParts
      var ids: [EffectID] = []
      id.appendFiledViews(in: self.namespace, to: &ids)
      if cancelInFlight { self.registry.cancel(id: ids[0]) }
      let effect = UncheckedSendable(inner)
      let task = Task(executorPreference: EffectContext.current?.taskExecutor) {
        await self.run(effect.value, send: send)
      }
      let handle = CancellationHandle()
      handle.attach { task.cancel() }
      self.registry.insert(handle, ids: ids)
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
      self.registry.remove(handle)
    case let .cancel(id):
      self.registry.cancel(id: id.inNamespace(self.namespace))
    case let .namespaced(component, effect):
      let inner = EffectRunner(
        registry: self.registry, namespace: self.registry.namespaces.appending(component, to: self.namespace))
      await EffectContext.$current.withValue(
        EffectContext(
          registry: self.registry, namespace: inner.namespace,
          taskExecutor: EffectContext.current?.taskExecutor)
      ) {
        await inner.run(effect, send: send)
      }
    case .mapped:
      await self.run(
        unsafeDowncast(effect.box!, to: MappedEffectBox<Action>.self).materialized(), send: send)
    }
  }
}
