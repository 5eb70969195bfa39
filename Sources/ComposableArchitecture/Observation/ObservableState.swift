/// A state type whose values have an identity and whose fields can be observed: conform with the
/// ``ObservableState()`` macro.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
/// }
/// ```
///
/// Reading a field of such a value inside ``withPerceptionTracking(_:onChange:)`` is told of the
/// field's next change; so is reading a store's state.
public protocol ObservableState {
  /// The identity of this value; copies share it, a freshly made value gets a new one.
  var _$id: ObservableStateID { get }
  /// Called before a mutation that should be seen as a change of identity.
  mutating func _$willModify()
  /// The stored property behind an observed property's key path (`\Self._count` for
  /// `\Self.count`), so that reducers can reach child state in place while nothing is being
  /// perceived; `nil` for any other key path.
  static func _$storageKeyPath(for keyPath: AnyKeyPath) -> AnyKeyPath?
}

extension ObservableState {
  /// No observed property has storage of its own.
  public static func _$storageKeyPath(for keyPath: AnyKeyPath) -> AnyKeyPath? { nil }
}

extension Optional: ObservableState where Wrapped: ObservableState {
  public var _$id: ObservableStateID {
    self.map(\._$id) ?? ._$inert
  }

  public mutating func _$willModify() {
    self?._$willModify()
  }
}
