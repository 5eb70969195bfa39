extension Effect {
  /// Makes this effect cancellable with ``cancel(id:)``.
  ///
  /// ```swift
  /// enum CancelID { case search }
  ///
  /// case let .queryChanged(query):
  ///   return .run { send in
  ///     await send(.results(try await self.search(query)))
  ///   }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The effect's identifier.
  ///   - cancelInFlight: Whether to cancel any work already running under `id` first.
  @inlinable
  public consuming func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if self.isNone { return cancelInFlight ? .cancel(id: id) : .none }
    let id = EffectID(ErasedID(id))
    // NB: A timer made for this call (the move-clock idiom) takes the id into its own box.
    if cancelInFlight, self.takeInCancelInFlight(id) { return self }
    return Self(cancellable: self, id: id, cancelInFlight: cancelInFlight)
  }

  /// An effect that cancels all work running under `id`.
  ///
  /// ```swift
  /// case .stopButtonTapped:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: EffectID(ErasedID(id))))
  }
}

/// Runs `operation` so that it can be cancelled by id, from an effect or a reducer.
///
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.response, cancelInFlight: true) {
///     await send(.response(try await self.api.fetch()))
///   }
/// }
/// ```
///
/// - Parameters:
///   - id: The identifier.
///   - cancelInFlight: Whether to cancel work already running under `id` first.
///   - operation: The work.
public func withTaskCancellation<T: Sendable, E: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws(E) -> T
) async throws(E) -> T {
  let registry = EffectContext.registry
  let ids = EffectContext.scopedAndEnclosing(id)
  if cancelInFlight {
    registry.cancel(id: ids[0])
  }
  let task = Task(executorPreference: EffectContext.current?.taskExecutor) {
    () async throws -> T in try await operation()
  }
  let handle = CancellationHandle()
  handle.attach { task.cancel() }
  registry.insert(handle, ids: ids)
  defer { registry.remove(handle) }
  do {
    return try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  } catch {
    throw error as! E
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels all work running under `id` in the current store, from inside an effect.
  ///
  /// ```swift
  /// return .run { _ in
  ///   Task.cancel(id: CancelID.timer)
  /// }
  /// ```
  public static func cancel(id: some Hashable & Sendable) {
    EffectContext.registry.cancel(id: EffectContext.scoped(id))
  }
}
