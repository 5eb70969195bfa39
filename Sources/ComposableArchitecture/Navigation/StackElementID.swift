import Synchronization

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
///
/// A store counts from 0 (``incrementing(from:)``). Outside of any store, in tests, each stack
/// numbers its own elements from 0 (``perStack``), so that `StackState([a, b])` has ids 0 and 1.
public struct StackElementIDGenerator: Sendable {
  private struct Count {
    var next: Int
    /// Where ids come from while a test's expected state is built (see ``withIDs(countingFrom:_:)``).
    var shadow: Int?
  }

  private final class Counter: Sendable {
    let count: Mutex<Count>
    init(_ count: Count) { self.count = Mutex(count) }
    func withValue<R>(_ body: (inout Count) -> R) -> R {
      self.count.withLock { body(&$0) }
    }
  }

  private let next: (@Sendable () -> StackElementID)?
  private let counter: Counter?

  /// Makes a generator from a closure.
  public init(_ next: @escaping @Sendable () -> StackElementID) {
    self.next = next
    self.counter = nil
  }

  private init(counter: Counter?) {
    self.next = nil
    self.counter = counter
  }

  /// The next id.
  public func callAsFunction() -> StackElementID {
    if let next = self.next { return next() }
    guard let counter = self.counter else { return 0 }
    return counter.withValue { count in
      if let shadow = count.shadow {
        count.shadow = shadow &+ 1
        return StackElementID(integerLiteral: shadow)
      }
      defer { count.next &+= 1 }
      return StackElementID(integerLiteral: count.next)
    }
  }

  /// A generator that counts up from `start`.
  public static func incrementing(from start: Int = 0) -> Self {
    Self(counter: Counter(Count(next: start)))
  }

  /// Each stack numbers its elements after the highest id it holds.
  public static var perStack: Self { Self(counter: nil) }

  /// Whether this counts up (and so never hands out an id twice).
  var isCounter: Bool { self.counter != nil }

  /// Whether each stack numbers its own elements.
  var isPerStack: Bool { self.next == nil && self.counter == nil }

  /// The id a counter hands out next; `nil` for other generators.
  var nextCount: Int? { self.counter?.withValue { $0.next } }

  /// Runs `body` with this counter handing out ids from `count` (its ``nextCount`` earlier) on,
  /// without moving it: the state a test expects gets the ids the reducer's pushes got.
  /// Another kind of generator, or a `nil` count, runs `body` as it is.
  func withIDs<R>(countingFrom count: Int?, _ body: () throws -> R) rethrows -> R {
    guard let counter = self.counter, let count else { return try body() }
    counter.withValue { $0.shadow = count }
    defer { counter.withValue { $0.shadow = nil } }
    return try body()
  }

  /// Makes sure `id` is never handed out again, after a push with an id of its own.
  func reserve(_ id: StackElementID) {
    self.counter?.withValue { count in
      if count.shadow != nil {
        if id.rawValue >= count.shadow! { count.shadow = id.rawValue &+ 1 }
      } else if id.rawValue >= count.next {
        count.next = id.rawValue &+ 1
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
  static var testValue: StackElementIDGenerator { .perStack }
}
