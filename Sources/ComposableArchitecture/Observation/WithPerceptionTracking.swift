import Observation

/// Runs `apply`, tracking the observable state it reads, and calls `onChange` once when any of
/// it changes: swift-perception's name, for code written against TCA's API.
///
/// Both kinds of reads are tracked: a store's state (`store.count`), and a field of an
/// ``ObservableState()`` value itself (`state.child.count`), which is told when that field is
/// set, or when observable state in it is replaced by a value of another identity. Changing
/// `state.child.count` tells readers of `state.child.count`, not readers of `state.child`.
///
/// ```swift
/// let count = withPerceptionTracking {
///   store.count
/// } onChange: {
///   print("count changed")
/// }
/// ```
///
/// `onChange` is called before the change is made, on the thread that makes it. While a
/// handler waits, setting any observed field anywhere in the process costs a look-up in a
/// shared table, so a handler that waits for a change that never comes keeps that cost.
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  let observer = PerceptionObserver(onChange())
  let collector = PerceptionCollector()
  let outer = PerceptionCollector.current
  _perceptionActivity.add(1, ordering: .relaxed)
  defer { _perceptionActivity.subtract(1, ordering: .relaxed) }
  let result = withObservationTracking {
    PerceptionCollector.$current.withValue(collector, operation: apply)
  } onChange: {
    PerceptionRegistry.shared.unregister(observer)
    observer.fire()
  }
  let fields = collector.collected
  // NB: An enclosing scope also depends on what this one read, as with Observation.
  outer?.formUnion(fields)
  PerceptionRegistry.shared.register(observer, watching: fields)
  return result
}
