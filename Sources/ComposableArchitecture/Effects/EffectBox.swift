/// The storage of a non-empty ``Effect``: what kind of box it is, and the subclass for that
/// kind holds the rest.
///
/// The operation is not stored here: a generic class's `deinit` destroys its stored properties
/// in code that is not specialized, and destroying an `Effect<Action>.Operation` there looks up
/// that enum's metadata at run time, for every box freed. Boxes of the other kinds (a mapping,
/// a `.cancellable`, a delayed send) hold only their own fields and free with no look-up; a
/// re-armed timer frees two of them.
///
/// ```swift
/// let box: EffectBox<Action> = OperationBox(.send(.tapped))
/// box.kind       // .operation
/// box.operation  // .send(.tapped)
/// ```
@usableFromInline
class EffectBox<Action>: @unchecked Sendable {
  @usableFromInline
  enum Kind: UInt8 {
    /// An ``OperationBox``.
    case operation
    /// A ``MappedEffectBox``.
    case mapped
    /// A ``CancellableEffectBox``.
    case cancellable
    /// A ``DelayedSendBox``.
    case delayedSend
  }

  @usableFromInline let kind: Kind

  @inlinable
  init(kind: Kind) {
    self.kind = kind
  }
}

extension EffectBox {
  // NB: Inlinable and final (in an extension), so that code specialized for an action type
  //     reads it with no look-up.
  /// What the effect does.
  @inlinable
  var operation: Effect<Action>.Operation {
    switch self.kind {
    case .operation: return unsafeDowncast(self, to: OperationBox<Action>.self).stored
    case .mapped: return .mapped
    case .cancellable: return .cancellable
    case .delayedSend:
      let box = unsafeDowncast(self, to: DelayedSendBox<Action>.self)
      return .delayedSend(box.action, after: box.duration, clock: box.clock)
    }
  }
}

/// The box of an effect whose operation needs no fields of its own: a send, a run, a merge, …
@usableFromInline
final class OperationBox<Action>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let stored: Effect<Action>.Operation

  @inlinable
  init(_ operation: Effect<Action>.Operation) {
    self.stored = operation
    super.init(kind: .operation)
  }
}
