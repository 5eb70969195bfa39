extension Reducer {
  /// Sets a dependency for this reducer and the effects it returns.
  ///
  /// ```swift
  /// Child()
  ///   .dependency(\.uuid, .incrementing)
  /// ```
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    let value = UncheckedSendable(value)
    return _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value.value }
  }

  /// Changes a dependency for this reducer and the effects it returns.
  ///
  /// ```swift
  /// Child()
  ///   .transformDependency(\.apiClient) { client in
  ///     client.baseURL = stagingURL
  ///   }
  /// ```
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer made by ``Reducer/dependency(_:_:)`` and
/// ``Reducer/transformDependency(_:transform:)``.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Reduce<Base.State, Base.Action>
  @usableFromInline let update: (inout DependencyValues) -> Void

  @usableFromInline
  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = Dependencies.withDependencies(update) { base._resolve() }
    self.update = update
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    Dependencies.withDependencies(self.update) {
      self.base.reduce(into: &state, action: action)
    }
  }

  /// Sets a further dependency.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> Self {
    let value = UncheckedSendable(value)
    let update = self.update
    return Self(base: self.base) {
      $0[keyPath: keyPath] = value.value
      update(&$0)
    }
  }

  /// Changes a further dependency. The change is made before the ones inside it, which see its
  /// result.
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> Self {
    let update = self.update
    return Self(base: self.base) {
      transform(&$0[keyPath: keyPath])
      update(&$0)
    }
  }

  @usableFromInline
  init(base: Reduce<Base.State, Base.Action>, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }
}
