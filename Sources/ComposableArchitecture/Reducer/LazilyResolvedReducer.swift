import Synchronization

extension Reducer {
  /// This reducer, resolved the first time it runs rather than now, as a closure.
  ///
  /// ```swift
  /// .ifLet(\.$child, action: \.child) { Self() }
  /// ```
  @usableFromInline
  func _resolveLazily() -> Reduce<State, Action> {
    let child = _LazyReducer(self)
    return Reduce { state, action in
      child.reduce(into: &state, action: action)
    }
  }
}

/// A child reducer that is resolved the first time one of its actions arrives, not when its
/// parent is built: what `forEach`, `ifLet`, `ifCaseLet`, presentation and stack destinations
/// hold, so that a feature may contain itself (`.forEach(\.rows, action: \.rows) { Self() }`)
/// and recursion stops at the data, as in TCA.
///
/// Once resolved, a run costs an acquiring load and a branch more than holding the resolved
/// reducer. Whichever thread runs it first resolves it; two that race both resolve it and keep
/// the first.
@usableFromInline
final class _LazyReducer<Base: Reducer>: @unchecked Sendable {
  @usableFromInline let base: Base
  // NB: Not the standard library's `AtomicLazyReference`, whose `load()` is not inlined (an
  //     unspecialized call per action, measured at 50 ns per `forEach` element action). The
  //     box is retained here until deinit, so a run borrows it without retaining.
  @usableFromInline let resolution = Atomic<Unmanaged<_ResolvedReducer<Base._Resolved>>?>(nil)

  @inlinable
  init(_ base: Base) {
    self.base = base
  }

  deinit {
    self.resolution.load(ordering: .acquiring)?.release()
  }

  @inlinable
  @inline(__always)
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    (self.resolution.load(ordering: .acquiring) ?? self.resolve())
      ._withUnsafeGuaranteedRef { $0.reducer.reduce(into: &state, action: action) }
  }

  @inlinable
  @inline(never)
  func resolve() -> Unmanaged<_ResolvedReducer<Base._Resolved>> {
    let resolved = Unmanaged.passRetained(_ResolvedReducer(self.base._resolvedReducer()))
    let (stored, first) = self.resolution.compareExchange(
      expected: nil, desired: resolved, ordering: .acquiringAndReleasing
    )
    if stored { return resolved }
    resolved.release()
    return first!
  }
}

/// A resolved reducer behind a reference, for ``_LazyReducer``'s atomic slot.
@usableFromInline
final class _ResolvedReducer<Resolved: Reducer>: @unchecked Sendable {
  @usableFromInline let reducer: Resolved

  @inlinable
  init(_ reducer: Resolved) {
    self.reducer = reducer
  }
}
