import ComposableArchitecture
import Testing

@Reducer
private struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case increment
    case incrementTwiceLater
    case noop
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementTwiceLater:
        return .merge(.send(.increment), .send(.increment))
      case .noop:
        return .none
      }
    }
  }
}

private struct Change: Equatable, Sendable {
  let action: Counter.Action
  let old: Int
  let new: Int
}

private func recordingPrinter(
  into changes: LockIsolated<[Change]>
) -> _ReducerPrinter<Counter.State, Counter.Action> {
  _ReducerPrinter { action, oldState, newState in
    changes.withValue { $0.append(Change(action: action, old: oldState.count, new: newState.count)) }
  }
}

@MainActor
struct PrintChangesTests {
  @Test func printerSeesEachActionWithOldAndNewState() async {
    let changes = LockIsolated<[Change]>([])
    let store = TestStore(initialState: Counter.State()) {
      Counter()._printChanges(recordingPrinter(into: changes))
    }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.noop)
    #expect(
      changes.value == [
        Change(action: .increment, old: 0, new: 1),
        Change(action: .noop, old: 1, new: 1),
      ]
    )
  }

  @Test func printerSeesReceivedActions() async {
    let changes = LockIsolated<[Change]>([])
    let store = TestStore(initialState: Counter.State(count: 10)) {
      Counter()._printChanges(recordingPrinter(into: changes))
    }
    await store.send(.incrementTwiceLater)
    await store.receive(.increment) { $0.count = 11 }
    await store.receive(.increment) { $0.count = 12 }
    #expect(
      changes.value == [
        Change(action: .incrementTwiceLater, old: 10, new: 10),
        Change(action: .increment, old: 10, new: 11),
        Change(action: .increment, old: 11, new: 12),
      ]
    )
  }

  @Test func nilPrinterPrintsNothingAndStillReduces() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()._printChanges(nil)
    }
    await store.send(.increment) { $0.count = 1 }
  }

  @Test func printChangesInsideBodyOnlySeesWrappedReducer() async {
    let changes = LockIsolated<[Change]>([])
    let store = TestStore(initialState: Counter.State()) {
      Counter()._printChanges(recordingPrinter(into: changes))
      Reduce { state, action in
        if case .noop = action { state.count = 100 }
        return .none
      }
    }
    await store.send(.noop) { $0.count = 100 }
    #expect(changes.value == [Change(action: .noop, old: 0, new: 0)])
  }
}
