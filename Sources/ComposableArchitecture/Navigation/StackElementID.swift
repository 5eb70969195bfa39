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
  /// A counter of ids, with a second one that stands in for it while a test's expected state
  /// is built (see ``withIDs(countingFrom:_:)``).
  private final class Counter: Sendable {
    static let inactive = Int.min
    let next: Atomic<Int>
    let shadow = Atomic<Int>(Counter.inactive)
    init(_ start: Int) { self.next = Atomic(start) }

    func take() -> Int {
      if self.shadow.load(ordering: .acquiring) != Self.inactive {
        return self.shadow.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
      }
      return self.next.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
    }

    func reserve(_ id: Int) {
      if self.shadow.load(ordering: .acquiring) != Self.inactive {
        Self.raise(self.shadow, past: id)
      } else {
        Self.raise(self.next, past: id)
      }
    }

    private static func raise(_ counter: borrowing Atomic<Int>, past id: Int) {
      var current = counter.load(ordering: .acquiring)
      while id >= current {
        let (exchanged, original) = counter.compareExchange(
          expected: current, desired: id &+ 1, ordering: .acquiringAndReleasing)
        if exchanged { return }
        current = original
      }
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
    return StackElementID(integerLiteral: counter.take())
  }

  /// A generator that counts up from `start`.
  public static func incrementing(from start: Int = 0) -> Self {
    Self(counter: Counter(start))
  }

  /// Each stack numbers its elements after the highest id it holds.
  public static var perStack: Self { Self(counter: nil) }

  /// Whether this counts up (and so never hands out an id twice).
  var isCounter: Bool { self.counter != nil }

  /// Whether each stack numbers its own elements.
  var isPerStack: Bool { self.next == nil && self.counter == nil }

  /// The id a counter hands out next; `nil` for other generators.
  var nextCount: Int? { self.counter?.next.load(ordering: .acquiring) }

  /// Runs `body` with this counter handing out ids from `count` (its ``nextCount`` earlier) on,
  /// without moving it: the state a test expects gets the ids the reducer's pushes got.
  /// Another kind of generator, or a `nil` count, runs `body` as it is.
  func withIDs<R>(countingFrom count: Int?, _ body: () throws -> R) rethrows -> R {
    guard let counter = self.counter, let count else { return try body() }
    counter.shadow.store(count, ordering: .releasing)
    defer { counter.shadow.store(Counter.inactive, ordering: .releasing) }
    return try body()
  }

  /// Makes sure `id` is never handed out again, after a push with an id of its own.
  func reserve(_ id: StackElementID) {
    self.counter?.reserve(id.rawValue)
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
