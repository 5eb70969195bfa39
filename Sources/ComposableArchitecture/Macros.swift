import Observation

/// Defines and implements conformance of the `Reducer` protocol.
///
/// Apply the macro to a struct that describes a feature:
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable {
///     var count = 0
///   }
///   enum Action {
///     case decrementButtonTapped
///     case incrementButtonTapped
///   }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .decrementButtonTapped:
///         state.count -= 1
///         return .none
///       case .incrementButtonTapped:
///         state.count += 1
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// The macro:
///
/// - adds `@CasePathable` to a nested `Action` enum, so that actions can be scoped with case key
///   paths like `\.child`;
/// - adds `@CasePathable` and `@dynamicMemberLookup` to a nested `State` enum;
/// - adds `@ReducerBuilder<State, Action>` to a `body` property that has no result builder
///   attribute yet;
/// - conforms the type to ``Reducer`` (unless its inheritance clause already does).
///
/// `State` and `Action` can also be type aliases, in which case they are left alone.
///
/// ## Enum reducers
///
/// Apply the macro to an enum whose cases each hold a child reducer to describe a feature that
/// can be in exactly one of several states, such as a navigation destination or a stack path:
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case add(AddItem)
///   case detail(ItemDetail)
///   case alert(AlertState<Alert>)
///
///   enum Alert { case confirmDeletion }
/// }
/// extension Destination.State: Equatable {}
/// ```
///
/// The macro generates a `State` enum (`case add(AddItem.State)`, ...), an `Action` enum
/// (`case add(AddItem.Action)`, ...), a `body` that runs each child reducer on its case, a
/// `CaseScope` enum with a store per case and `scope(_:)` to switch over a store's case; it
/// conforms the enum to ``CaseReducer`` and ``Reducer``.
///
/// Cases whose value is not a reducer are handled as follows:
///
/// - A value whose type is spelled like `AlertState<…>` or `ConfirmationDialogState<…>` (a
///   generic type whose name ends in `State`), or a case marked ``ReducerCaseEphemeral()``, is
///   *ephemeral*: `State` holds the value and `Action` holds `<Type>.Action`; there is no child
///   reducer.
/// - A case marked ``ReducerCaseIgnored()`` is kept in `State` only.
/// - A case without an associated value is kept in `State` only.
///
/// Every other case must have exactly one unlabeled associated value: a reducer type that can be
/// created with `init()`.
@attached(memberAttribute)
@attached(
  member,
  names: named(State), named(Action), named(body), named(CaseScope), named(scope)
)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// Defines an enum reducer whose synthesized `State` and `Action` enums have extra conformances.
///
/// ```swift
/// @Reducer(state: .equatable, .sendable, action: .sendable)
/// enum Destination {
///   case add(AddItem)
///   case detail(ItemDetail)
/// }
/// ```
///
/// The listed protocols are added to the inheritance clauses of the generated `State` and `Action`
/// enums, so the compiler synthesizes them as usual (every associated value must conform). Only
/// enum reducers accept these arguments; a struct reducer declares its own `State` and `Action`.
/// Plain ``Reducer()`` adds no conformances: write `extension Destination.State: Equatable {}`
/// yourself where you need one.
@attached(memberAttribute)
@attached(
  member,
  names: named(State), named(Action), named(body), named(CaseScope), named(scope)
)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer(
  state: _SynthesizedConformance...,
  action: _SynthesizedConformance...
) = #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// A conformance that ``Reducer(state:action:)`` can synthesize for the `State` or `Action` of an
/// enum reducer.
///
/// ```swift
/// @Reducer(state: .equatable, .hashable, action: .equatable)
/// enum Path {
///   case detail(ItemDetail)
/// }
/// ```
///
/// Values of this type only name a protocol for the macro; they carry no behaviour.
public struct _SynthesizedConformance: Sendable {
  private init() {}

  /// Synthesizes `Equatable`.
  public static let equatable = Self()
  /// Synthesizes `Hashable`.
  public static let hashable = Self()
  /// Synthesizes `Sendable`.
  public static let sendable = Self()
  /// Synthesizes `Codable` (`Encodable & Decodable`).
  public static let codable = Self()
}

/// Marks a case of an enum reducer as holding ephemeral state rather than a child reducer.
///
/// Types spelled like `AlertState<…>` are detected automatically; use this attribute for other
/// types that behave the same way, that is, that have a nested `Action` type but no reducer:
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case detail(ItemDetail)
///   @ReducerCaseEphemeral
///   case toast(ToastState)
/// }
/// ```
///
/// The generated `State` keeps `case toast(ToastState)` and `Action` gets
/// `case toast(ToastState.Action)`; no child reducer runs for the case.
@attached(peer)
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseEphemeralMacro")

/// Marks a case of an enum reducer as plain state: it has no actions and no reducer.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case detail(ItemDetail)
///   @ReducerCaseIgnored
///   case meta(Metadata)
/// }
/// ```
///
/// The generated `State` keeps `case meta(Metadata)`; `Action` has no `meta` case.
@attached(peer)
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseIgnoredMacro")

/// Makes a state type observable field by field, and conforms it to ``ObservableState`` and
/// `Observable`.
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable {
///     var count = 0
///     @Presents var alert: AlertState<Action.Alert>?
///   }
///   // ...
/// }
/// ```
///
/// - On a struct the macro adds a stored `_$observationRegistrar`, an `_$id` derived from it and a
///   `_$willModify()` that forwards to it, and marks each stored `var` without an attribute of
///   its own ``ObservationStateTracked()``: it moves to private `_name` storage behind accessors
///   that ``withPerceptionTracking(_:onChange:)`` observes. The memberwise initializer keeps its
///   parameters, equality and hashing compare the same values, and generated `CodingKeys` keep
///   each property's own name in archives, as a generated `CustomReflectable` mirror does in
///   dumps and test failures.
/// - On an enum it adds an `_$id` computed from the current case (and the identity of its
///   associated value, when that value is itself observable state) and a no-op `_$willModify()`.
///
/// While nothing in the process is being perceived, an observed field costs one relaxed atomic
/// load per access over a plain stored property.
///
/// Members the type already declares are not generated again.
@attached(
  member,
  names: named(_$observationRegistrar), named(_$id), named(_$willModify), named(CodingKeys),
  named(_$storageKeyPath)
)
@attached(memberAttribute)
@attached(
  extension, conformances: ObservableState, Observable, CustomReflectable, names: named(customMirror)
)
public macro ObservableState() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservableStateMacro")

/// Makes a stored property of ``ObservableState()`` state observable; the macro adds it to every
/// stored `var` without an attribute of its own, so it is seldom written by hand.
///
/// ```swift
/// @ObservableState
/// struct State {
///   var count = 0  // @ObservationStateTracked is implied
/// }
/// ```
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservationStateTrackedMacro")

/// Holds the state of a presented child feature: `nil` while nothing is presented.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var detail: Detail.State?
/// }
/// // ...
/// .ifLet(\.$detail, action: \.detail) { Detail() }
/// ```
///
/// The property keeps its optional type; `$detail` is its ``PresentationState``, which the
/// presenting `ifLet` works on. Inside ``ObservableState()`` state, presenting, dismissing and
/// replacing the child are observed; changes inside the child are the child's own fields'.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PresentsMacro")

/// Marks a property of ``ObservableState()`` state as not observed.
///
/// ```swift
/// @ObservableState
/// struct State {
///   var query = ""
///   @ObservationStateIgnored
///   var cache: [String: Int] = [:]
/// }
/// ```
///
/// The property stays a plain stored property: reading and changing it are not observed.
@attached(peer)
public macro ObservationStateIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservationStateIgnoredMacro")

/// Lets a view send its feature's view actions directly, as `send(.buttonTapped)`.
///
/// The feature's `Action` must conform to ``ViewAction`` (have a `view` case), and the view must
/// have a `store` property:
///
/// ```swift
/// @Reducer
/// struct Feature {
///   // ...
///   enum Action: ViewAction {
///     case view(View)
///     enum View { case buttonTapped }
///   }
/// }
///
/// @ViewAction(for: Feature.self)
/// struct FeatureView {
///   let store: StoreOf<Feature>
///
///   func tap() {
///     send(.buttonTapped)  // store.send(.view(.buttonTapped))
///   }
/// }
/// ```
///
/// The macro conforms the view to ``ViewActionSending``; it reports an error (with a fix-it) when
/// the type has no `store` property.
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<R: Reducer>(for: R.Type) =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ViewActionMacro")
where R.Action: ViewAction

/// Gives an `Action` enum direct case paths for its cases, so that `Scope`, `ifLet` and
/// `forEach` extract child actions with a pattern match. ``Reducer()`` adds it; you never
/// write it.
@attached(member, names: named(_$caseExtractor))
@attached(extension, conformances: _FastCaseExtractable)
public macro _CaseExtractors() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "CaseExtractorsMacro")
