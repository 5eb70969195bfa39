/// The identity of an element of a ``StackState``.
///
/// Ids come from `@Dependency(\.stackElementIDGenerator)`; each store counts from 0, so tests
/// can name them with integer literals: `.element(id: 0, action: .save)`.
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomDumpStringConvertible, CustomStringConvertible
{
  /// The number of the element.
  public let rawValue: Int

  public init(integerLiteral value: Int) {
    self.rawValue = value
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var customDumpDescription: String { "#\(self.rawValue)" }
  public var description: String { "#\(self.rawValue)" }
}

/// Makes fresh ``StackElementID``s.
public struct StackElementIDGenerator: Sendable {
  private let next: @Sendable () -> StackElementID

  /// Makes a generator from a closure.
  public init(_ next: @escaping @Sendable () -> StackElementID) {
    self.next = next
  }

  /// The next id.
  public func callAsFunction() -> StackElementID { self.next() }

  /// A generator that counts up from 0.
  public static func incrementing() -> Self {
    let counter = LockIsolated(0)
    return Self {
      counter.withValue { value in
        defer { value += 1 }
        return StackElementID(integerLiteral: value)
      }
    }
  }
}

extension DependencyValues {
  /// Makes ids for ``StackState`` elements. Each store gets its own counter.
  public var stackElementIDGenerator: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}

private enum StackElementIDGeneratorKey: DependencyKey {
  static var liveValue: StackElementIDGenerator { .incrementing() }
  static var testValue: StackElementIDGenerator { .incrementing() }
}
