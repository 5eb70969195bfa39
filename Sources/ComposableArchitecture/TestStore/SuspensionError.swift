/// Thrown by ``TestClock/checkSuspension()`` when some sleep is suspended.
///
/// ```swift
/// await store.send(.start)
/// await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
/// ```
public struct SuspensionError: Error {
  public init() {}
}
