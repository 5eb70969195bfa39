/// The result builder that composes reducers in a ``Reducer/body``.
///
/// Reducers listed one after another run in order on the same state. `if`, `if let`, `switch`
/// and optional reducers are allowed:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.profile, action: \.profile) { Profile() }
///   if isLoggingEnabled {
///     Logger()
///   }
///   Reduce { state, action in .none }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildArray(_ reducers: [some Reducer<State, Action>]) -> _SequenceMany {
    _SequenceMany(reducers: reducers.map { $0._resolved() })
  }

  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  @inlinable
  public static func buildBlock<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _Conditional<R0, R1> {
    .first(reducer)
  }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _Conditional<R0, R1> {
    .second(reducer)
  }

  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R {
    expression
  }

  @inlinable
  public static func buildFinalResult<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(
    _ wrapped: R
  ) -> Reduce<State, Action> {
    Reduce(wrapped)
  }

  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: R?) -> R? {
    wrapped
  }

  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _Sequence<R0, R1> {
    _Sequence(accumulated, next)
  }

  /// Two reducers from an `if`/`else` or `switch`; only the chosen one runs.
  public enum _Conditional<First: Reducer<State, Action>, Second: Reducer<State, Action>>: Reducer {
    case first(First)
    case second(Second)

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case let .first(first): return first.reduce(into: &state, action: action)
      case let .second(second): return second.reduce(into: &state, action: action)
      }
    }

    public func _resolved() -> any Reducer<State, Action> {
      switch self {
      case let .first(first): return first._resolved()
      case let .second(second): return second._resolved()
      }
    }
  }

  /// Two reducers that run one after the other; their effects are merged.
  public struct _Sequence<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    @usableFromInline let r0: R0
    @usableFromInline let r1: R1

    @inlinable
    init(_ r0: R0, _ r1: R1) {
      self.r0 = r0
      self.r1 = r1
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      let first = self.r0.reduce(into: &state, action: action)
      let second = self.r1.reduce(into: &state, action: action)
      return first.merge(with: second)
    }

    public func _resolved() -> any Reducer<State, Action> {
      if R0.Body.self == Never.self, R1.Body.self == Never.self { return self }
      return _Sequence<_AnyReducer<State, Action>, _AnyReducer<State, Action>>(
        _AnyReducer(self.r0._resolved()), _AnyReducer(self.r1._resolved())
      )
    }
  }

  /// Any number of reducers from a `for` loop, run in order.
  public struct _SequenceMany: Reducer {
    @usableFromInline let reducers: [any Reducer<State, Action>]

    @inlinable
    init(reducers: [any Reducer<State, Action>]) {
      self.reducers = reducers
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      var effect = Effect<Action>.none
      for reducer in self.reducers {
        effect = effect.merge(with: reducer.reduce(into: &state, action: action))
      }
      return effect
    }
  }
}

extension Optional: Reducer where Wrapped: Reducer {
  public typealias State = Wrapped.State
  public typealias Action = Wrapped.Action

  /// An optional reducer runs when it is present and does nothing otherwise.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    switch self {
    case let .some(wrapped): return wrapped.reduce(into: &state, action: action)
    case .none: return .none
    }
  }

  public func _resolved() -> any Reducer<Wrapped.State, Wrapped.Action> {
    switch self {
    case let .some(wrapped): return wrapped._resolved()
    case .none: return EmptyReducer()
    }
  }
}
