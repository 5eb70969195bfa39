/// A ``SharedKey`` for a value kept in memory under a name, for as long as the context's
/// dependencies live (in a test, the test store's).
///
/// ```swift
/// @Shared(.inMemory("lobby")) var lobby = Lobby()
/// ```
public struct InMemoryKey<Value>: SharedKey, Sendable {
  /// The name.
  public let id: String

  /// The value kept under `name`.
  public init(_ name: String) {
    self.id = name
  }

  /// Nothing: the value lives in memory only.
  public func load() -> Value? { nil }
  /// Nothing: the value lives in memory only.
  public func save(_ value: Value) {}
}

extension SharedKey {
  /// A value kept in memory under `name`: ``InMemoryKey``.
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name)
  }
}

extension DependencyValues {
  /// The shared values made in this context, by key. Each store made with dependencies of its
  /// own (every test store) gets its own, so that tests do not share values.
  public var sharedReferences: SharedReferences {
    get { self[SharedReferencesKey.self] }
    set { self[SharedReferencesKey.self] = newValue }
  }
}

private enum SharedReferencesKey: DependencyKey {
  static let liveValue = SharedReferences()
  static var testValue: SharedReferences { SharedReferences() }
}
