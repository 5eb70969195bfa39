import Synchronization

/// The identity of an ``ObservableState`` value.
///
/// A struct's identity has an origin, given when the value is made and kept by every copy
/// (observers of its fields are keyed by it), and a version that `_$willModify()` renews, so
/// that a value put back in place of a copy of itself is still seen as a change. An enum's
/// identity is that of its associated value marked with the case.
public struct ObservableStateID: Hashable, Sendable {
  /// Where the value was made: shared by its copies for as long as they live.
  @usableFromInline var origin: UInt64
  /// Renewed by each `_$willModify()`.
  @usableFromInline var version: UInt64
  /// The enum cases the identity was marked with, folded into one number; 0 for none.
  @usableFromInline var tags: UInt64

  @inlinable
  init(origin: UInt64, version: UInt64, tags: UInt64) {
    self.origin = origin
    self.version = version
    self.tags = tags
  }

  /// A fresh identity.
  @inlinable
  public init() {
    let next = _nextObservableStateID()
    self.init(origin: next, version: next, tags: 0)
  }

  /// The identity of a value that has none: `nil`.
  public static let _$inert = ObservableStateID(origin: 0, version: 0, tags: 0)

  /// The identity of `value` when it is observable state, else a fresh identity, so that a
  /// value without one is never taken for an earlier value.
  @inlinable
  public static func _$id<T>(for value: T) -> ObservableStateID {
    (value as? any ObservableState)?._$id ?? ObservableStateID()
  }

  /// The identity of `value`.
  @inlinable
  public static func _$id(for value: some ObservableState) -> ObservableStateID {
    value._$id
  }

  /// This identity marked with an enum case's index.
  @inlinable
  public func _$tag(_ tag: Int) -> ObservableStateID {
    // NB: FNV-1a's step, so that nested cases (`.a(.b(x))` and `.b(.a(x))`) stay apart.
    let folded = (self.tags ^ UInt64(truncatingIfNeeded: tag &+ 1)) &* 0x100_0000_01b3
    return ObservableStateID(origin: self.origin, version: self.version, tags: folded)
  }

  /// Renews the identity's version: the value is now seen as another.
  @inlinable
  public mutating func _$willModify() {
    self.version = _nextObservableStateID()
  }

  /// The origin of a struct's identity, which copies and modified copies keep; `nil` for an
  /// enum's or a missing value's.
  @usableFromInline
  var structOrigin: UInt64? {
    self.tags == 0 && self.origin != 0 ? self.origin : nil
  }
}

private let observableStateIDCounter = Atomic<UInt64>(1)

@usableFromInline
func _nextObservableStateID() -> UInt64 {
  observableStateIDCounter.add(1, ordering: .relaxed).newValue
}
