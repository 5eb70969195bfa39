/// The storage of a cancellable effect (``Effect/cancellable(id:cancelInFlight:)``): its id, and
/// the effect it makes cancellable, kept in the box itself rather than in an `indirect` payload
/// of ``Effect/Operation``, so that making one allocates once, not twice.
@usableFromInline
final class CancellableEffectBox<Action>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let id: EffectID
  @usableFromInline let cancelInFlight: Bool
  @usableFromInline let effect: Effect<Action>

  @inlinable
  init(id: EffectID, cancelInFlight: Bool, effect: Effect<Action>) {
    self.id = id
    self.cancelInFlight = cancelInFlight
    self.effect = effect
    super.init(kind: .cancellable)
  }
}

extension Effect {
  /// `effect`, cancellable by `id` (and cancelling what runs under it first, with
  /// `cancelInFlight`).
  @inlinable
  init(cancellable effect: Self, id: EffectID, cancelInFlight: Bool) {
    self.init(box: CancellableEffectBox(id: id, cancelInFlight: cancelInFlight, effect: effect))
  }

  /// The parts of a `.cancellable` effect.
  @inlinable
  var cancellableParts: (id: EffectID, cancelInFlight: Bool, effect: Self) {
    let box = unsafeDowncast(self.box!, to: CancellableEffectBox<Action>.self)
    return (box.id, box.cancelInFlight, box.effect)
  }
}
