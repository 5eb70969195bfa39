/// State that a ``BindingAction`` may write: TCA's older way of marking the fields a form binds,
/// before `@ObservableState` made every field bindable.
///
/// ```swift
/// struct State: Equatable {
///   @BindingState var name = ""
/// }
/// // ...
/// await store.send(.binding(.set(\.$name, "Blob"))) {
///   $0.name = "Blob"
/// }
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct BindingState<Value> {
  /// The field's value.
  public var wrappedValue: Value

  /// Makes a bindable field.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The field itself, named in a binding action by `\.$name`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A bindable part of the field: `\.$profile.name`.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> BindingState<Subject> {
    get { BindingState<Subject>(wrappedValue: self.wrappedValue[keyPath: keyPath]) }
    set { self.wrappedValue[keyPath: keyPath] = newValue.wrappedValue }
  }
}

extension BindingState: Equatable where Value: Equatable {}
extension BindingState: Hashable where Value: Hashable {}
extension BindingState: Sendable where Value: Sendable {}

extension BindingState: Decodable where Value: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}

extension BindingState: Encodable where Value: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try self.wrappedValue.encode(to: encoder)
  }
}

extension BindingState: CustomDumpRepresentable {
  public var customDumpValue: Any { self.wrappedValue }
}

extension BindingState: CustomStringConvertible {
  public var description: String { String(describing: self.wrappedValue) }
}

extension BindingAction {
  /// An action that sets a ``BindingState`` field: `.set(\.$name, "Blob")`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    .set(keyPath.appending(path: \.wrappedValue), value)
  }

  /// Matches a binding action of a ``BindingState`` field: `case .binding(\.$name):`.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, BindingState<Value>>,
    bindingAction: Self
  ) -> Bool {
    keyPath.appending(path: \.wrappedValue) == bindingAction.keyPath
  }
}

extension BindingAction.AllCasePaths {
  /// The binding action that sets a ``BindingState`` field: `\.binding.$name`.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, BindingState<Value>>
  ) -> AnyCasePath<BindingAction, Value> {
    self[dynamicMember: keyPath.appending(path: \.wrappedValue)]
  }
}

extension BindableAction {
  /// The action that sets a ``BindingState`` field: `.set(\.$name, "Blob")`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
