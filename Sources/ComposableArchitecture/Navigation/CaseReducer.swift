/// A reducer made of an enum of child features: what `@Reducer enum Destination { ... }` makes.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case add(AddItem)
///   case edit(EditItem)
/// }
/// ```
public protocol CaseReducer<State, Action>: Reducer
where
  State: CaseReducerState, State.StateReducer == Self,
  Body: Reducer, Body.State == State, Body.Action == Action
{
  /// The reducer built by the static ``body``.
  associatedtype Body

  /// An enum of the child stores, one case per feature.
  associatedtype CaseScope

  /// The reducers of all cases, each scoped to its case.
  @ReducerBuilder<State, Action>
  static var body: Body { get }

  /// The child store of the case `store` is in.
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

/// The state of a ``CaseReducer``: knows its reducer.
public protocol CaseReducerState {
  /// The enum reducer this state belongs to.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer where Self: CaseReducer, Body: Reducer, Body.State == State, Body.Action == Action {
  /// An enum reducer's body is its static ``CaseReducer/body``.
  public var body: Body { Self.body }
}

extension CaseReducer {
  /// The static body, built once, the first time an action of a destination arrives: so that a
  /// destination's feature may present or push the destination enum it is a case of.
  @usableFromInline
  static var resolvedBody: Reduce<State, Action> { _CaseReducerBody<Self>()._resolveLazily() }
}

/// The static body of a ``CaseReducer``, as a reducer that can be resolved when first used.
@usableFromInline
struct _CaseReducerBody<Cases: CaseReducer>: Reducer {
  @usableFromInline
  init() {}

  @usableFromInline
  var body: Cases.Body { Cases.body }
}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The child store of the case this store's state is in:
  /// `switch store.case { case let .add(store): ... }`.
  public var `case`: State.StateReducer.CaseScope {
    State.StateReducer.scope(self)
  }
}
