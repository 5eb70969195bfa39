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
    super.init(kind: .mapped)
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
