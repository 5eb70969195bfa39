import Foundation

extension Reducer {
  /// This reducer, resolved the first time it runs rather than now: what a presentation or a
  /// stack holds, so that a feature may present itself without resolving forever.
  ///
  /// ```swift
  /// .ifLet(\.$child, action: \.child) { Self() }
  /// ```
  @usableFromInline
  func _resolveLazily() -> Reduce<State, Action> {
    let resolution = LazilyResolvedReducer(self)
    return Reduce { state, action in
      resolution.resolved.reduce(into: &state, action: action)
    }
  }
}

/// A reducer resolved once, on first use, by whichever thread first runs it.
@usableFromInline
final class LazilyResolvedReducer<Base: Reducer>: @unchecked Sendable {
  private let base: Base
  private let lock = NSLock()
  private var value: Reduce<Base.State, Base.Action>?

  @usableFromInline
  init(_ base: Base) {
    self.base = base
  }

  /// The resolved reducer.
  @usableFromInline
  var resolved: Reduce<Base.State, Base.Action> {
    self.lock.lock()
    defer { self.lock.unlock() }
    if let value = self.value { return value }
    let value = self.base._resolve()
    self.value = value
    return value
  }
}
