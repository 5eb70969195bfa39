/// A ``MappedEffectBox`` for a child effect whose actions are `Embedding.Child`s, turned into
/// `Embedding.Action`s by `embedding`.
@usableFromInline
final class MappedEffect<Embedding: ChildActionEmbedding>: MappedEffectBox<Embedding.Action>, @unchecked Sendable {
  @usableFromInline typealias Child = Embedding.Child
  @usableFromInline typealias Action = Embedding.Action

  @usableFromInline let child: Effect<Child>
  @usableFromInline let embedding: Embedding
  /// The child feature whose effect this is, when it runs in that child's namespace,
  /// cancellable as a whole (``Effect/child(_:)``).
  @usableFromInline let childID: ChildEffectsID?

  @inlinable
  init(
    child: Effect<Child>,
    embedding: Embedding,
    childID: ChildEffectsID?
  ) {
    self.child = child
    self.embedding = embedding
    self.childID = childID
    // NB: Made here, in code specialized for both action types, and capturing nothing: the box
    //     it is given holds the child effect and the transform.
    super.init { box, ids, namespace, registry, send, start, schedule, startConcatenation in
      let box = unsafeDowncast(box, to: MappedEffect<Embedding>.self)
      let embedding = box.embedding
      var ids = ids
      var namespace = namespace
      if let childID = box.childID {
        let made = registry.namespaces.made(appending: childID, to: namespace)
        namespace = made.namespace
        // NB: Only this child's own view of the id: each enclosing child's is in `ids` already,
        //     put there at its own level. Alone, it is the list made with the namespace.
        if ids.isEmpty {
          ids = made.allChildEffects
        } else {
          ids.append(made.allChildEffects[0])
        }
      }
      box.child.interpret(
        ids: ids,
        namespace: namespace,
        registry: registry,
        send: { send(embedding.embed($0)) },
        start: { priority, ids, namespace, operation in
          start(priority, ids, namespace) { send in
            await operation(Send { await send(embedding.embed($0)) })
          }
        },
        schedule: { action, duration, clock, ids in
          schedule(embedding.embed(action), duration, clock, ids)
        },
        startConcatenation: { effects, ids, namespace in
          startConcatenation(effects.map { $0.rebuiltMap(embedding.embed) }, ids, namespace)
        }
      )
    }
  }

  @usableFromInline
  override func materialized() -> Effect<Action> {
    let effect = self.child.rebuiltMap(self.embedding.embed)
    guard let childID = self.childID else { return effect }
    return effect.child(childID)
  }

  @usableFromInline
  override var isSynchronous: Bool {
    self.child.isSynchronous
  }
}
