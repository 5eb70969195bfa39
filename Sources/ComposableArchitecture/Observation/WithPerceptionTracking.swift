import Observation

/// Runs `apply`, tracking the observable state it reads, and calls `onChange` once when any of
/// it changes: swift-perception's name for Observation's `withObservationTracking`, for code
/// written against TCA's API.
///
/// ```swift
/// let count = withPerceptionTracking {
///   store.count
/// } onChange: {
///   print("count changed")
/// }
/// ```
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  withObservationTracking(apply, onChange: onChange())
}
