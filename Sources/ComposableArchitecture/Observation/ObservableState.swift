import Synchronization

/// A state type whose values have an identity: conform with the ``ObservableState()`` macro.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
/// }
/// ```
///
/// Observation is tracked per store in this runtime: reading a store's state inside
/// `withObservationTracking` is told of the store's next change.
public protocol ObservableState {
  /// The identity of this value; copies share it, a freshly made value gets a new one.
  var _$id: ObservableStateID { get }
  /// Called before a mutation that should be seen as a change of identity.
  mutating func _$willModify()
}

/// The identity of an ``ObservableState`` value.
public struct ObservableStateID: Hashable, Sendable {
  @usableFromInline let raw: UInt64
  @usableFromInline let tag: UInt32?

  @usableFromInline
  init(raw: UInt64, tag: UInt32?) {
    self.raw = raw
    self.tag = tag
  }

  /// A fresh identity.
  @inlinable
  public init() {
    self.init(raw: _nextObservableStateID(), tag: nil)
  }

  /// An identity shared by values that have none of their own.
  public static let _$inert = ObservableStateID(raw: 0, tag: nil)

  /// The identity of `value` when it is observable, else ``_$inert``.
  @inlinable
  public static func _$id<T>(for value: T) -> ObservableStateID {
    (value as? any ObservableState)?._$id ?? ._$inert
  }

  /// This identity marked with an enum case's index.
  @inlinable
  public func _$tag(_ tag: UInt32) -> ObservableStateID {
    ObservableStateID(raw: self.raw, tag: tag)
  }
}

private let observableStateIDCounter = Atomic<UInt64>(1)

@usableFromInline
func _nextObservableStateID() -> UInt64 {
  observableStateIDCounter.add(1, ordering: .relaxed).newValue
}

/// The storage that ``ObservableState()`` adds to a state type: its identity.
///
/// It never takes part in equality, hashing or coding, so it does not change what a state's
/// synthesized conformances do.
public struct ObservationStateRegistrar: Sendable {
  /// The identity of the value that holds this registrar.
  public private(set) var id = ObservableStateID()

  /// Makes a registrar with a fresh identity.
  public init() {}

  /// Gives the value a new identity.
  public mutating func _$willModify() {
    self.id = ObservableStateID()
  }
}

extension ObservationStateRegistrar: Equatable, Hashable, Codable {
  public static func == (_: Self, _: Self) -> Bool { true }
  public func hash(into _: inout Hasher) {}
  public init(from _: any Decoder) throws { self.init() }
  public func encode(to _: any Encoder) throws {}
}

extension KeyedDecodingContainer {
  /// A state's registrar is never read from an archive, so archives without it decode.
  public func decode(
    _: ObservationStateRegistrar.Type, forKey _: Key
  ) throws -> ObservationStateRegistrar {
    ObservationStateRegistrar()
  }
}

extension KeyedEncodingContainer {
  /// A state's registrar is never written to an archive.
  public mutating func encode(_: ObservationStateRegistrar, forKey _: Key) throws {}
}

extension Optional: ObservableState where Wrapped: ObservableState {
  public var _$id: ObservableStateID {
    self.map(\._$id) ?? ._$inert
  }

  public mutating func _$willModify() {
    self?._$willModify()
  }
}
