import ComposableArchitecture
import XCTest

@Reducer
private struct XCTCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var name = "Blob"
  }
  enum Action: Equatable {
    case increment
    case incrementLater
    case never
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementLater:
        return .run { send in await send(.increment) }
      case .never:
        return .run { _ in try await Task.never() }
      }
    }
  }
}

/// Captures the XCTest failures recorded while `isCapturing` is on, instead of failing.
///
/// swift-corelibs-xctest has no `XCTIssue`/`record(_:)`; failures arrive through
/// `recordFailure(withDescription:inFile:atLine:expected:)`.
final class XCTestFailureTests: XCTestCase {
  private var captured: [String] = []
  private var isCapturing = false

  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    if self.isCapturing {
      self.captured.append(description)
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected
      )
    }
  }

  @MainActor
  private func capturing(_ body: () async -> Void) async -> [String] {
    self.captured = []
    self.isCapturing = true
    await body()
    self.isCapturing = false
    return self.captured
  }

  @MainActor
  func testWrongStateIsAnXCTestFailureWithDiff() async {
    let store = TestStore(initialState: XCTCounter.State()) { XCTCounter() }
    let failures = await self.capturing {
      await store.send(.increment) { $0.count = 2 }
    }
    XCTAssertEqual(failures.count, 1, "\(failures)")
    let failure = failures.first ?? ""
    XCTAssertTrue(failure.contains("A state change does not match expectation"), failure)
    XCTAssertTrue(failure.contains("−   count: 2"), failure)
    XCTAssertTrue(failure.contains("+   count: 1"), failure)
    XCTAssertTrue(failure.contains("(Expected: −, Actual: +)"), failure)
  }

  @MainActor
  func testUnexpectedReceivedActionIsAnXCTestFailure() async {
    let store = TestStore(initialState: XCTCounter.State()) { XCTCounter() }
    await store.send(.incrementLater)
    let failures = await self.capturing {
      await store.receive(.incrementLater)
    }
    XCTAssertEqual(failures.count, 1, "\(failures)")
    let failure = failures.first ?? ""
    XCTAssertTrue(failure.contains("Received unexpected action"), failure)
    XCTAssertTrue(failure.contains("− XCTCounter.Action.incrementLater"), failure)
    XCTAssertTrue(failure.contains("+ XCTCounter.Action.increment"), failure)
  }

  @MainActor
  func testEffectStillRunningAtDeinitIsAnXCTestFailure() async {
    // NB: Under XCTest the failure reaches the current test case even from the test store's
    // isolated deinit (unlike under Swift Testing: see TestStoreFailureTests).
    let failures = await self.capturing {
      do {
        let store = TestStore(initialState: XCTCounter.State()) { XCTCounter() }
        await store.send(.never)
      }
    }
    XCTAssertEqual(failures.count, 1, "\(failures)")
    let failure = failures.first ?? ""
    XCTAssertTrue(failure.contains("An effect returned for this action is still running"), failure)
    XCTAssertTrue(failure.contains("XCTCounter.Action.never"), failure)
  }

  @MainActor
  func testPassingTestStoreRecordsNoFailure() async {
    let store = TestStore(initialState: XCTCounter.State()) { XCTCounter() }
    let failures = await self.capturing {
      await store.send(.increment) { $0.count = 1 }
      await store.send(.incrementLater)
      await store.receive(.increment) { $0.count = 2 }
      await store.finish()
    }
    XCTAssertEqual(failures, [])
  }
}

/// An ordinary XCTest test of a feature, with no failure capture: it fails the run if the test
/// store reports anything.
final class XCTestTestStorePassingTests: XCTestCase {
  @MainActor
  func testIncrementLater() async {
    let store = TestStore(initialState: XCTCounter.State()) { XCTCounter() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.incrementLater)
    await store.receive(.increment) { $0.count = 2 }
    await store.finish()
  }
}
