import ComposableArchitecture
import XCTest

@Reducer
private struct Toggle {
  @ObservableState
  struct State: Equatable { var isOn = false }
  enum Action { case toggle }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.isOn.toggle()
      return .none
    }
  }
}

/// Under XCTest, a failing TestStore assertion records an XCTest failure: this case captures
/// the failures it records instead of failing, and checks that one arrived with its diff.
final class XCTestFailureCaptureTests: XCTestCase {
  private var captured: [String] = []
  private var capturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if self.capturing {
      self.captured.append(description)
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected
      )
    }
  }

  @MainActor
  func testWrongAssertionFailsTheXCTest() async {
    let store = TestStore(initialState: Toggle.State()) { Toggle() }
    self.capturing = true
    await store.send(.toggle) { $0.isOn = false }
    self.capturing = false
    XCTAssertEqual(self.captured.count, 1)
    XCTAssertTrue(
      self.captured.first?.contains("A state change does not match expectation") == true,
      "\(self.captured)"
    )
    XCTAssertTrue(self.captured.first?.contains("isOn: true") == true, "\(self.captured)")
  }
}

final class XCTestTestStoreTests: XCTestCase {
  @MainActor
  func testToggle() async {
    let store = TestStore(initialState: Toggle.State()) { Toggle() }
    await store.send(.toggle) { $0.isOn = true }
    await store.send(.toggle) { $0.isOn = false }
  }
}
