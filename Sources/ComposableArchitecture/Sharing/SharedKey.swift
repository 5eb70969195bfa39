/// Where a ``Shared`` value lives besides memory: it is loaded from there when the first
/// `@Shared` with the key is made, and saved there after each change.
///
/// Two `@Shared` values made with keys of the same type and ``id`` refer to one value.
///
/// ```swift
/// @Shared(.inMemory("players")) var players: [Player] = []
/// @Shared(.fileStorage(URL(fileURLWithPath: "settings.json"))) var settings = Settings()
/// ```
public protocol SharedKey<Value>: Sendable {
  /// The value the key holds.
  associatedtype Value
  /// What tells this key's storage place apart from others of its type.
  associatedtype ID: Hashable & Sendable
  /// What tells this key's storage place apart from others of its type.
  var id: ID { get }
  /// The stored value, or `nil` when none is stored.
  func load() -> Value?
  /// Stores `value`.
  func save(_ value: Value)
  /// The shared values of the context the key is used in, by key: by default
  /// `@Dependency(\.sharedReferences)`.
  var references: SharedReferences { get }
}

extension SharedKey {
  /// `@Dependency(\.sharedReferences)`, read where the `@Shared` value is made.
  public var references: SharedReferences {
    @Dependency(\.sharedReferences) var references
    return references
  }
}
