/// Where a running effect belongs: its store's cancellation registry and the child features
/// (outermost first) whose effect it is.
///
/// Each effect task sets it once, so that `withTaskCancellation(id:)` and `Task.cancel(id:)`
/// inside the effect reach the right store and see ids as the feature that made them does.
@usableFromInline
struct EffectContext: Sendable {
  @usableFromInline let registry: CancellationRegistry
  @usableFromInline let namespace: [ChildEffectsID]
  /// The executor the store's effects prefer: tasks an effect starts for its own work
  /// (cancellable parts, `withTaskCancellation`) prefer it too, instead of the global pool.
  @usableFromInline let taskExecutor: (any TaskExecutor)?

  @usableFromInline
  init(
    registry: CancellationRegistry, namespace: [ChildEffectsID], taskExecutor: (any TaskExecutor)?
  ) {
    self.registry = registry
    self.namespace = namespace
    self.taskExecutor = taskExecutor
  }

  @TaskLocal
  @usableFromInline
  static var current: EffectContext?

  /// The registry of the running effect's store, or the global one outside any store.
  static var registry: CancellationRegistry {
    Self.current?.registry ?? .global
  }

  /// `id` as seen from the running effect's namespace.
  static func scoped(_ id: some Hashable & Sendable) -> EffectID {
    EffectID(ErasedID(id)).inNamespace(Self.current?.namespace ?? [])
  }

  /// `id` as seen from the running effect's namespace and from each enclosing one, innermost
  /// first (see ``EffectID/inNamespaceAndEnclosing(_:)``).
  static func scopedAndEnclosing(_ id: some Hashable & Sendable) -> [EffectID] {
    EffectID(ErasedID(id)).inNamespaceAndEnclosing(Self.current?.namespace ?? [])
  }
}
