import ComposableArchitecture
import Testing

@Reducer
private struct Row {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var taps = 0
    var ticks = 0
  }
  enum Action: Equatable {
    case tapped
    case startTimer
    case stopTimer
    case tick
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.taps += 1
        return .none
      case .startTimer:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stopTimer:
        return .cancel(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

@Reducer
private struct List {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var tapsSeenByParent: [Int] = []
  }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case remove(id: Int)
    case add(id: Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .rows(.element(id, .tapped)):
        // Runs after the element: sees its new state.
        state.tapsSeenByParent.append(state.rows[id: id]?.taps ?? -1)
        return .none
      case .rows:
        return .none
      case let .remove(id):
        state.rows.remove(id: id)
        return .none
      case let .add(id):
        state.rows.append(Row.State(id: id))
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Row()
    }
  }
}

@MainActor
struct ForEachTests {
  private static let twoRows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2)]

  @Test func elementActionRunsElementThenParent() async {
    let store = TestStore(initialState: List.State(rows: Self.twoRows)) { List() }
    await store.send(.rows(.element(id: 2, action: .tapped))) {
      $0.rows[id: 2]?.taps = 1
      $0.tapsSeenByParent = [1]
    }
    await store.send(\.rows[id: 1].tapped) {
      $0.rows[id: 1]?.taps = 1
      $0.tapsSeenByParent = [1, 1]
    }
    await store.send(\.rows[id: 1].tapped) {
      $0.rows[id: 1]?.taps = 2
      $0.tapsSeenByParent = [1, 1, 2]
    }
  }

  @Test func elementEffectsAreTaggedWithTheirID() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: List.State(rows: Self.twoRows)) {
      List()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.rows[id: 2].startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].tick) {
      $0.rows[id: 2]?.ticks = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) {
      $0.rows[id: 2]?.ticks = 2
    }
    await store.send(\.rows[id: 2].stopTimer)
    await store.finish()
  }

  @Test func cancelIDsAreIndependentPerRow() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: List.State(rows: Self.twoRows)) {
      List()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.rows[id: 1].startTimer)
    await store.send(\.rows[id: 2].startTimer)
    // Cancelling `CancelID.timer` in row 1 must leave row 2's timer running.
    await store.send(\.rows[id: 1].stopTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].tick) {
      $0.rows[id: 2]?.ticks = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].tick) {
      $0.rows[id: 2]?.ticks = 2
    }
    await store.send(\.rows[id: 2].stopTimer)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func removingARowCancelsItsEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: List.State(rows: Self.twoRows)) {
      List()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.rows[id: 1].startTimer)
    await store.send(\.rows[id: 2].startTimer)
    await store.send(.remove(id: 1)) {
      $0.rows.remove(id: 1)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].tick) {
      $0.rows[id: 2]?.ticks = 1
    }
    await store.send(.remove(id: 2)) {
      $0.rows = []
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func readdedRowStartsWithoutOldEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: List.State(rows: [Row.State(id: 1)])) {
      List()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.rows[id: 1].startTimer)
    await store.send(.remove(id: 1)) { $0.rows = [] }
    await store.send(.add(id: 1)) { $0.rows = [Row.State(id: 1)] }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func actionForMissingIDReportsIssue() async {
    let store = TestStore(initialState: List.State(rows: Self.twoRows)) { List() }
    await withKnownIssue {
      await store.send(\.rows[id: 99].tapped) {
        $0.tapsSeenByParent = [-1]
      }
    } matching: {
      $0.messageContains("missing element")
    }
  }

  @Test func plainStoreForEach() {
    let store = Store(initialState: List.State(rows: Self.twoRows)) { List() }
    store.send(.rows(.element(id: 1, action: .tapped)))
    store.send(.rows(.element(id: 1, action: .tapped)))
    #expect(store.rows[id: 1]?.taps == 2)
    #expect(store.rows[id: 2]?.taps == 0)
    #expect(store.tapsSeenByParent == [1, 2])
  }
}
