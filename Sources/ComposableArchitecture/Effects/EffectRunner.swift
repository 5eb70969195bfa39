/// Runs an effect to completion inside a task: how `concatenate` runs its parts in order.
struct EffectRunner: Sendable {
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
    case let .run(_, operation):
      await operation(send)
    case let .merge(effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          let effect = UncheckedSendable(effect)
          group.addTask { await self.run(effect.value, send: send) }
        }
      }
    case let .concatenate(effects):
      // NB: Parts after a cancellation still run (seeing the cancellation), so that every
      // operation gets to finish; their sends are dropped.
      for effect in effects {
        await self.run(effect, send: send)
      }
    case let .cancellable(id, cancelInFlight, effect):
      let id = id.inNamespace(self.namespace)
      if cancelInFlight { self.registry.cancel(id: id) }
      let effect = UncheckedSendable(effect)
      let task = Task(executorPreference: EffectContext.current?.taskExecutor) {
        await self.run(effect.value, send: send)
      }
      let handle = CancellationHandle()
      handle.attach { task.cancel() }
      let token = self.registry.insert(handle, ids: [id])
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
      self.registry.remove(token, ids: [id])
    case let .cancel(id):
      self.registry.cancel(id: id.inNamespace(self.namespace))
    case let .namespaced(component, effect):
      let inner = EffectRunner(registry: self.registry, namespace: self.namespace + [component])
      await EffectContext.$current.withValue(
        EffectContext(
          registry: self.registry, namespace: inner.namespace,
          taskExecutor: EffectContext.current?.taskExecutor)
      ) {
        await inner.run(effect, send: send)
      }
    }
  }
}
