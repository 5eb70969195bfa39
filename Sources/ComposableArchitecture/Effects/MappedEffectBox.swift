/// The storage of an effect made by ``Effect/map(_:)``, or of a child's effect made a child's:
/// the child's effect as it was made, with the transform of its actions (and the child's
/// namespace), instead of a copy rebuilt node by node at each level of `Scope`, `forEach`,
/// `ifLet`.
///
/// A store reads it in place with ``walk``, a function made where the mapping was made, so it is
/// code specialized for both action types. Everything else that reads effects (a test store, a
/// concatenation run in a task) sees the rebuilt effect, ``materialized()``.
@usableFromInline
class MappedEffectBox<Action>: EffectBox<Action>, @unchecked Sendable {
  /// Interprets the child effect in `box`, turning its actions into `Action`s on the way to
  /// `interpreter`'s functions.
  @usableFromInline
  typealias Walk = (
    _ box: MappedEffectBox<Action>,
    _ ids: [EffectID],
    _ namespace: [ChildEffectsID],
    _ registry: CancellationRegistry,
    _ send: (Action) -> Void,
    _ start: Effect<Action>.Start,
    _ schedule: Effect<Action>.Schedule,
    _ startConcatenation: Effect<Action>.StartConcatenation
  ) -> Void

  @usableFromInline let walk: Walk

  @inlinable
  init(walk: @escaping Walk) {
    self.walk = walk
    super.init(.mapped)
  }

  /// The effect this box stands for, rebuilt with the transformed actions.
  @usableFromInline
  func materialized() -> Effect<Action> {
    fatalError("Subclasses implement materialized()")
  }

  /// Whether the child effect does all its work when the store interprets it.
  @usableFromInline
  var isSynchronous: Bool {
    fatalError("Subclasses implement isSynchronous")
  }
}

/// A ``MappedEffectBox`` for a child effect whose actions are `Child`s.
@usableFromInline
final class MappedEffect<Child, Action>: MappedEffectBox<Action>, @unchecked Sendable {
  @usableFromInline let child: Effect<Child>
  @usableFromInline let transform: @Sendable (Child) -> Action
  /// The child feature whose effect this is, when it runs in that child's namespace,
  /// cancellable as a whole (``Effect/child(_:)``).
  @usableFromInline let childID: ChildEffectsID?

  @inlinable
  init(
    child: Effect<Child>,
    transform: @escaping @Sendable (Child) -> Action,
    childID: ChildEffectsID?
  ) {
    self.child = child
    self.transform = transform
    self.childID = childID
    // NB: Made here, in code specialized for both action types, and capturing nothing: the box
    //     it is given holds the child effect and the transform.
    super.init { box, ids, namespace, registry, send, start, schedule, startConcatenation in
      let box = unsafeDowncast(box, to: MappedEffect<Child, Action>.self)
      let transform = box.transform
      var ids = ids
      var namespace = namespace
      if let childID = box.childID {
        namespace = registry.namespaces.appending(childID, to: namespace)
        // NB: Only this child's own view of the id: each enclosing child's is in `ids` already,
        //     put there at its own level.
        ids.append(AllChildEffects.effectID(in: namespace))
      }
      box.child.interpret(
        ids: ids,
        namespace: namespace,
        registry: registry,
        send: { send(transform($0)) },
        start: { priority, ids, namespace, operation in
          start(priority, ids, namespace) { send in
            await operation(Send { await send(transform($0)) })
          }
        },
        schedule: { action, duration, clock, ids, namespace in
          schedule(transform(action), duration, clock, ids, namespace)
        },
        startConcatenation: { effects, ids, namespace in
          startConcatenation(effects.map { $0.rebuiltMap(transform) }, ids, namespace)
        }
      )
    }
  }

  @usableFromInline
  override func materialized() -> Effect<Action> {
    let effect = self.child.rebuiltMap(self.transform)
    guard let childID = self.childID else { return effect }
    return effect.child(childID)
  }

  @usableFromInline
  override var isSynchronous: Bool {
    self.child.isSynchronous
  }
}
