/// A type that evolves the state of a feature for an action and returns the effects to run.
///
/// Conform with the ``Reducer()`` macro and either implement ``reduce(into:action:)`` or compose
/// other reducers in ``body``:
///
/// ```swift
/// @Reducer
/// struct Counter {
///   struct State: Equatable { var count = 0 }
///   enum Action { case increment, decrement }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .increment: state.count += 1
///       case .decrement: state.count -= 1
///       }
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The type of ``body``; `Never` for reducers that implement ``reduce(into:action:)``.
  associatedtype Body

  /// Evolves `state` for `action` and returns the effect to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is composed of.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// The reducer that runs in this one's place: itself for a reducer that implements
  /// ``reduce(into:action:)``, the resolved ``body`` for one composed of other reducers.
  associatedtype _Resolved: Reducer<State, Action> = Self

  /// This reducer with its ``body`` built once, as a concrete reducer.
  ///
  /// Operators store what this returns when they are made, so a composed body is not rebuilt
  /// for every action and the compiler sees through every level. You never implement it.
  func _resolvedReducer() -> _Resolved

  /// A reducer that behaves like this one, with its ``body`` built once.
  ///
  /// Stores call this when they are made, so a composed body is not rebuilt for every action.
  /// You never implement it.
  func _resolved() -> Reduce<State, Action>
}

/// A convenience for naming a reducer's type by its feature: `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  @_transparent
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. Do not access a reducer's 'body' directly; call \
      'reduce(into:action:)' instead.
      """
    )
  }

  @inlinable
  public func _resolved() -> Reduce<State, Action> {
    let reducer = self
    return Reduce { reducer.reduce(into: &$0, action: $1) }
  }
}

extension Reducer {
  /// This reducer itself, for a reducer that implements ``reduce(into:action:)``.
  // NB: Unconstrained so that it does not take part in inferring `_Resolved`: a reducer with a
  //     body gets the more specific witness below, any other keeps the default, `Self`.
  @inlinable
  public func _resolvedReducer() -> _Resolved {
    self as! _Resolved
  }

  /// This reducer as a closure, specialized where it is called, with its body built once.
  @inlinable
  @inline(__always)
  public func _resolve() -> Reduce<State, Action> {
    if Body.self == Never.self {
      let reducer = self
      return Reduce { reducer.reduce(into: &$0, action: $1) }
    }
    return self._resolved()
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducers of ``body``.
  @inlinable
  public func reduce(into state: inout Body.State, action: Body.Action) -> Effect<Body.Action> {
    self.body.reduce(into: &state, action: action)
  }

  @inlinable
  public func _resolvedReducer() -> Body._Resolved {
    self.body._resolvedReducer()
  }

  @inlinable
  public func _resolved() -> Reduce<State, Action> {
    self.body._resolve()
  }
}
