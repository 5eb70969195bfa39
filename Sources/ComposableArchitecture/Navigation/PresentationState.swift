/// The state of a child feature that a parent presents: `nil` while nothing is presented.
///
/// Use it through the ``Presents()`` macro, together with ``PresentationAction`` and
/// `Reducer.ifLet(_:action:destination:)`:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var detail: Detail.State?
/// }
/// enum Action {
///   case detail(PresentationAction<Detail.Action>)
/// }
/// ```
///
/// Its storage is boxed, so a feature may present itself recursively; copies are still values.
@propertyWrapper
public struct PresentationState<State> {
  private final class Storage: @unchecked Sendable {
    var state: State?
    init(state: State?) { self.state = state }
  }

  private var storage: Storage
  /// The child whose effects the presenting `ifLet` last saw, so that a child removed or
  /// replaced by a reducer outside that `ifLet` has its effects cancelled on the next action
  /// through it. Not part of the value: equality, hashing and coding ignore it.
  var _presentedID: ChildEffectsID?

  /// Makes presentation state; `nil` means nothing is presented.
  public init(wrappedValue: State?) {
    self.storage = Storage(state: wrappedValue)
  }

  /// The presented state, or `nil`.
  public var wrappedValue: State? {
    get { self.storage.state }
    set {
      if isKnownUniquelyReferenced(&self.storage) {
        self.storage.state = newValue
      } else {
        self.storage = Storage(state: newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&self.storage) {
        self.storage = Storage(state: self.storage.state)
      }
      yield &self.storage.state
    }
  }

  /// The presentation state itself: `state.$detail`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState {
  /// The presented state as one case of an enum of destinations: `nil` when nothing is
  /// presented or another case is. Modifying it writes the case back; setting it to `nil`
  /// dismisses. Modifying another case (or nothing) changes nothing and is reported: "Can't
  /// modify unrelated case".
  ///
  /// ```swift
  /// state.$destination[case: \.detail]?.count += 1
  /// ```
  public subscript<Case>(case path: CaseKeyPath<State, Case>) -> Case? where State: CasePathable {
    _read { yield self.wrappedValue.flatMap { $0[case: path] } }
    _modify {
      var modification = CaseModification(self.wrappedValue, path)
      yield &modification.value
      if modification.isRelated { self.wrappedValue = modification.result }
    }
  }

  /// The presented state as the case an `AnyCasePath` (`/Destination.State.detail`) names, TCA's
  /// older form of ``subscript(case:)-(CaseKeyPath<State,Case>)``.
  public subscript<Case>(case path: AnyCasePath<State, Case>) -> Case? {
    _read { yield self.wrappedValue.flatMap(path.extract) }
    _modify {
      var modification = CaseModification(self.wrappedValue, path)
      yield &modification.value
      if modification.isRelated { self.wrappedValue = modification.result }
    }
  }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
  }
}

extension PresentationState: Encodable where State: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try self.wrappedValue.encode(to: encoder)
  }
}

extension PresentationState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: self.wrappedValue as Any)
  }
}
