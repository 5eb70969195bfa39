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
    _SequenceMany(reducers: reducers.map { $0._resolve() })
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
  public static func buildEither<R: Reducer<State, Action>>(first reducer: R) -> _Conditional {
    .first(reducer._resolve())
  }

  @inlinable
  public static func buildEither<R: Reducer<State, Action>>(second reducer: R) -> _Conditional {
    .second(reducer._resolve())
  }

  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R {
    expression
  }

  /// A reducer known only as `any Reducer<State, Action>` (chosen at run time), as a `Reduce`.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   self.isLogging ? logging as any ReducerOf<Self> : EmptyReducer()
  /// }
  /// ```
  @inlinable
  @_disfavoredOverload
  public static func buildExpression(_ expression: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(expression)
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
  ) -> _Sequence {
    _Sequence(accumulated._resolve(), next._resolve())
  }

  /// Two reducers from an `if`/`else` or `switch`; only the chosen one runs.
  public enum _Conditional: Reducer {
    case first(Reduce<State, Action>)
    case second(Reduce<State, Action>)

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case let .first(first): return first.reduce(into: &state, action: action)
      case let .second(second): return second.reduce(into: &state, action: action)
      }
    }
  }

  /// Two reducers that run one after the other; their effects are merged.
  public struct _Sequence: Reducer {
    @usableFromInline let r0: Reduce<State, Action>
    @usableFromInline let r1: Reduce<State, Action>

    @inlinable
    init(_ r0: Reduce<State, Action>, _ r1: Reduce<State, Action>) {
      self.r0 = r0
      self.r1 = r1
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      let first = self.r0.reduce(into: &state, action: action)
      let second = self.r1.reduce(into: &state, action: action)
      return first.merge(with: second)
    }
  }

  /// Any number of reducers from a `for` loop, run in order.
  public struct _SequenceMany: Reducer {
    @usableFromInline let reducers: [Reduce<State, Action>]

    @inlinable
    init(reducers: [Reduce<State, Action>]) {
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
}
