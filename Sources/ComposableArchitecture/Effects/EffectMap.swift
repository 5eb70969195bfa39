extension Effect {
  /// Transforms the actions this effect sends.
  ///
  /// ```swift
  /// Child().reduce(into: &state.child, action: childAction)
  ///   .map(Action.child)
  /// ```
  // NB: The effect is kept as it is, with the transform: one box, however many nodes the effect
  //     has (``MappedEffectBox``). A single send is transformed at once.
  @inlinable
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    guard let box = self.box else { return .none }
    if case let .send(action) = box.operation { return .send(transform(action)) }
    return Effect<T>(box: MappedEffect(child: self, embedding: ClosureEmbedding(transform), childID: nil))
  }

  /// This child effect with its actions transformed, run in the child's namespace and
  /// cancellable as a whole: `map(transform).child(id)` in one box.
  @inlinable
  func mapChild<T>(_ transform: @escaping @Sendable (Action) -> T, id: ChildEffectsID) -> Effect<T> {
    self.mapChild(ClosureEmbedding(transform), id: id)
  }

  /// ``mapChild(_:id:)`` with its actions embedded by `embedding` (a `forEach` element's id
  /// and case path: no closure to make).
  @inlinable
  func mapChild<Embedding: ChildActionEmbedding>(
    _ embedding: Embedding, id: ChildEffectsID
  ) -> Effect<Embedding.Action> where Embedding.Child == Action {
    if self.isNone { return .none }
    return Effect<Embedding.Action>(box: MappedEffect(child: self, embedding: embedding, childID: id))
  }

  /// This effect rebuilt node by node with its actions transformed: what a mapped effect stands
  /// for, for readers other than a store's interpreter.
  @usableFromInline
  func rebuiltMap<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    if self.isNone { return .none }
    switch self.operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .perform(work):
      return Effect<T>(operation: .perform(work))
    case let .delayedSend(action, duration, clock):
      return Effect<T>(
        delayedSend: transform(action), after: duration, clock: clock, cancelInFlightID: self.takenInCancellable)
    case let .run(priority, operation):
      return Effect<T>(
        operation: .run(priority) { send in
          await operation(Send { await send(transform($0)) })
        }
      )
    case let .merge(effects):
      return Effect<T>(operation: .merge(effects.map { $0.rebuiltMap(transform) }))
    case let .mergePair(first, second):
      return Effect<T>(operation: .mergePair(first.rebuiltMap(transform), second.rebuiltMap(transform)))
    case let .concatenate(effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.rebuiltMap(transform) }))
    case .cancellable:
      let (id, cancelInFlight, effect) = self.cancellableParts
      return Effect<T>(cancellable: effect.rebuiltMap(transform), id: id, cancelInFlight: cancelInFlight)
    case let .cancel(id):
      return Effect<T>(operation: .cancel(id: id))
    case let .namespaced(component, effect):
      return Effect<T>(operation: .namespaced(component, effect.rebuiltMap(transform)))
    case .mapped:
      return unsafeDowncast(self.box!, to: MappedEffectBox<Action>.self).materialized()
        .rebuiltMap(transform)
    }
  }

  /// Rewrites every `.run` operation of this effect; used by operators that give child effects
  /// a context (a dismiss action) and by the test store, which tracks them.
  @usableFromInline
  func transformingRuns(
    _ transform:
      @escaping @Sendable (
        @escaping @Sendable (Send<Action>) async -> Void
      ) -> @Sendable (Send<Action>) async -> Void
  ) -> Self {
    switch self.operation {
    case .none, .send, .perform, .cancel:
      return self
    case let .run(priority, operation):
      return Self(operation: .run(priority, transform(operation)))
    case let .delayedSend(action, duration, clock):
      // NB: Whoever rewrites runs (a test store tracking them) sees the timer as the `.run` it
      //     stands for.
      let run = Self(operation: .run(nil, transform(Self.sleepThenSend(action, after: duration, clock: clock))))
      guard let id = self.takenInCancellable else { return run }
      return Self(cancellable: run, id: id, cancelInFlight: true)
    case let .merge(effects):
      return Self(operation: .merge(effects.map { $0.transformingRuns(transform) }))
    case let .mergePair(first, second):
      return Self(operation: .mergePair(first.transformingRuns(transform), second.transformingRuns(transform)))
    case let .concatenate(effects):
      return Self(operation: .concatenate(effects.map { $0.transformingRuns(transform) }))
    case .cancellable:
      let (id, cancelInFlight, effect) = self.cancellableParts
      return Self(cancellable: effect.transformingRuns(transform), id: id, cancelInFlight: cancelInFlight)
    case let .namespaced(component, effect):
      return Self(operation: .namespaced(component, effect.transformingRuns(transform)))
    case .mapped:
      return unsafeDowncast(self.box!, to: MappedEffectBox<Action>.self).materialized()
        .transformingRuns(transform)
    }
  }
}

extension Effect {
  /// Whether this effect does all its work when the store interprets it, with no task.
  @usableFromInline
  var isSynchronous: Bool {
    switch self.operation {
    case .none, .send, .perform, .cancel: return true
    case .run, .delayedSend: return false
    case let .merge(effects), let .concatenate(effects): return effects.allSatisfy(\.isSynchronous)
    case let .mergePair(first, second): return first.isSynchronous && second.isSynchronous
    case .cancellable: return self.cancellableParts.effect.isSynchronous
    case let .namespaced(_, effect): return effect.isSynchronous
    case .mapped: return unsafeDowncast(self.box!, to: MappedEffectBox<Action>.self).isSynchronous
    }
  }
}
