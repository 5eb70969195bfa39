extension Effect {
  /// Places this effect inside a child's namespace: its cancellation ids become the child's
  /// own, and its running work sees the child's namespace.
  ///
  /// The store applies the namespace as it interprets the effect, so nesting costs one box per
  /// level, not a rebuilt effect.
  @inlinable
  func namespaced(_ component: ChildEffectsID) -> Self {
    if self.isNone { return self }
    return Self(operation: .namespaced(component, self))
  }
}
