import ComposableArchitecture
import Testing

@DependencyClient
private struct FailureNumberClient: Sendable {
  var fetch: @Sendable () async throws -> Int
}

extension FailureNumberClient: TestDependencyKey {
  static let testValue = FailureNumberClient()
}

private enum FailureUnimplementedKey: DependencyKey {
  static let liveValue: @Sendable () -> Int = { 1 }
  static let testValue: @Sendable () -> Int = unimplemented("FailureUnimplementedKey", placeholder: 0)
}

extension DependencyValues {
  fileprivate var failureNumberClient: FailureNumberClient {
    get { self[FailureNumberClient.self] }
    set { self[FailureNumberClient.self] = newValue }
  }
  fileprivate var failureUnimplemented: @Sendable () -> Int {
    get { self[FailureUnimplementedKey.self] }
    set { self[FailureUnimplementedKey.self] = newValue }
  }
}

@Reducer
private struct FailureChild {
  @ObservableState
  struct State: Equatable {
    var value = 0
  }
  enum Action: Equatable {
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.value += 1
      return .none
    }
  }
}

@Reducer
private struct FailureFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var name = "Blob"
    var child: FailureChild.State?
  }

  enum Action: Equatable {
    case increment
    case incrementLater
    case incrementTwiceLater
    case never
    case child(FailureChild.Action)
    case fetch
    case fetched(Int)
    case fetchFailed
    case readUnimplemented
  }

  @Dependency(\.failureNumberClient) var client
  @Dependency(\.failureUnimplemented) var unimplementedNumber

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementLater:
        return .run { send in await send(.increment) }
      case .incrementTwiceLater:
        return .run { send in
          await send(.increment)
          await send(.increment)
        }
      case .never:
        return .run { _ in try await Task.never() }
      case .child:
        return .none
      case .fetch:
        return .run { send in
          await send(.fetched(try await self.client.fetch()))
        } catch: { _, send in
          await send(.fetchFailed)
        }
      case let .fetched(value):
        state.count = value
        return .none
      case .fetchFailed:
        return .none
      case .readUnimplemented:
        state.count = self.unimplementedNumber()
        return .none
      }
    }
    .ifLet(\.child, action: \.child) {
      FailureChild()
    }
  }
}

/// The text of an issue, with its comments.
private func text(_ issue: Issue) -> String {
  issue.description + "\n" + issue.comments.map(\.rawValue).joined(separator: "\n")
}

@MainActor
struct TestStoreFailureTests {
  @Test func wrongStateInSend() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = text(issue)
      return text.contains("A state change does not match expectation")
        && text.contains("−   count: 2")
        && text.contains("+   count: 1")
        && text.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func wrongStateInReceive() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await store.send(.incrementLater)
    await withKnownIssue {
      await store.receive(.increment) { $0.name = "Blob Jr." }
    } matching: { issue in
      let text = text(issue)
      return text.contains("A state change does not match expectation")
        && text.contains("−   count: 0")
        && text.contains("+   count: 1")
        && text.contains(#"−   name: "Blob Jr.""#)
    }
  }

  @Test func unassertedStateChange() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      let text = text(issue)
      return text.contains("State was not expected to change, but a change occurred")
        && text.contains("−   count: 0")
        && text.contains("+   count: 1")
    }
  }

  @Test func expectedActionNeverArrives() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    store.timeout = 50_000_000
    await withKnownIssue {
      await store.receive(.increment) { $0.count = 1 }
    } matching: { issue in
      let text = text(issue)
      return text.contains("Expected to receive")
        && text.contains("FailureFeature.Action.increment")
        && text.contains("No effects are running")
    }
  }

  @Test func expectedActionNeverArrivesWhileEffectRuns() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    let task = await store.send(.never)
    await withKnownIssue {
      await store.receive(\.increment, timeout: .milliseconds(50))
    } matching: { issue in
      let text = text(issue)
      return text.contains("Expected to receive") && text.contains("Effects are still running")
    }
    await task.cancel()
  }

  @Test func receivedUnexpectedAction() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await store.send(.incrementLater)
    await withKnownIssue {
      await store.receive(.fetched(1))
    } matching: { issue in
      let text = text(issue)
      return text.contains("Received unexpected action")
        && text.contains("− FailureFeature.Action.fetched(1)")
        && text.contains("+ FailureFeature.Action.increment")
    }
  }

  @Test func receivedUnexpectedActionByCase() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await store.send(.incrementLater)
    await withKnownIssue {
      await store.receive(\.fetched)
    } matching: { issue in
      text(issue).contains("Received unexpected action")
        && text(issue).contains("FailureFeature.Action.increment")
    }
  }

  @Test func mustHandleReceivedActionsBeforeSending() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await store.send(.incrementLater).finish()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = text(issue)
      return text.contains("Must handle 1 received action before sending an action")
        && text.contains("FailureFeature.Action.increment")
    }
  }

  @Test func unreceivedActionsAtFinish() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await store.send(.incrementTwiceLater)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      text(issue).contains("The store received 2 unexpected actions")
    }
    // NB: finish reported them; they must not be reported again at deinit.
  }

  @Test func effectStillRunningAtFinish() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    let task = await store.send(.never)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      let text = text(issue)
      return text.contains("An effect returned for this action is still running")
        && text.contains("FailureFeature.Action.never")
    }
    await task.cancel()
  }

  @Test func effectStillRunningAtFinishIsReportedOnce() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    let task = await store.send(.never)
    let count = LockIsolated(0)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      count.withValue { $0 += 1 }
      return text(issue).contains("An effect returned for this action is still running")
    }
    await task.cancel()
    #expect(count.value == 1)
  }

  @Test func effectStillRunningAtDeinit() async {
    await withKnownIssue {
      do {
        let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
        await store.send(.never)
      }
    } matching: { issue in
      let text = text(issue)
      return text.contains("An effect returned for this action is still running")
        && text.contains("FailureFeature.Action.never")
    }
  }

  @Test func unreceivedActionsAtDeinit() async {
    await withKnownIssue {
      do {
        let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
        await store.send(.incrementLater).finish()
      }
    } matching: { issue in
      let text = text(issue)
      return text.contains("The store received 1 unexpected action")
        && text.contains("FailureFeature.Action.increment")
    }
  }

  @Test func actionSentToAbsentOptionalChild() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await withKnownIssue {
      await store.send(.child(.increment))
    } matching: { issue in
      let text = text(issue)
      return text.contains(#"received a child action when child state was "nil""#)
        && text.contains("FailureFeature.Action.child(.increment)")
    }
  }

  @Test func actionSentToPresentOptionalChildIsFine() async {
    let store = TestStore(initialState: FailureFeature.State(child: FailureChild.State())) {
      FailureFeature()
    }
    await store.send(.child(.increment)) { $0.child?.value = 1 }
  }

  @Test func unimplementedDependencyClient() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await withKnownIssue {
      await store.send(.fetch)
      await store.receive(.fetchFailed)
    } matching: { issue in
      text(issue).contains("Unimplemented") && text(issue).contains("fetch")
    }
  }

  @Test func implementedDependencyClient() async {
    let store = TestStore(initialState: FailureFeature.State()) {
      FailureFeature()
    } withDependencies: {
      $0.failureNumberClient.fetch = { 7 }
    }
    await store.send(.fetch)
    await store.receive(.fetched(7)) { $0.count = 7 }
  }

  @Test func unimplementedDependencyKey() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await withKnownIssue {
      await store.send(.readUnimplemented)
    } matching: { issue in
      text(issue).contains("Unimplemented") && text(issue).contains("FailureUnimplementedKey")
    }
  }

  @Test func testStoreTaskFinishTimesOut() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    let task = await store.send(.never)
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(50))
    } matching: { issue in
      text(issue).contains("Expected task to finish, but it is still in-flight after 50 ms")
    }
    await task.cancel()
  }

  @Test func skipWithNothingToSkipIsStrict() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: { issue in
      text(issue).contains("There were no received actions to skip")
    }
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { issue in
      text(issue).contains("There were no in-flight effects to skip")
    }
  }

  @Test func wrongAssertWhileExhaustivityOff() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    store.exhaustivity = .off
    await withKnownIssue {
      // NB: A field that is asserted must still be right.
      await store.send(.increment) { $0.count = 5 }
    } matching: { issue in
      text(issue).contains("−   count: 5") && text(issue).contains("+   count: 1")
    }
  }

  @Test func wrongAssert() async {
    let store = TestStore(initialState: FailureFeature.State()) { FailureFeature() }
    withKnownIssue {
      store.assert { $0.count = 1 }
    } matching: { issue in
      text(issue).contains("−   count: 1") && text(issue).contains("+   count: 0")
    }
  }
}
