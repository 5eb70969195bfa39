/// How strictly a ``TestStore`` asserts.
///
/// ```swift
/// store.exhaustivity = .off
/// await store.send(.login) {
///   $0.isLoggedIn = true  // only what this test cares about
/// }
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what is asserted is checked; the rest is skipped, and shown as known issues when
  /// `showSkippedAssertions` is `true`.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing skipped assertions.
  public static let off = Self.off(showSkippedAssertions: false)
}
