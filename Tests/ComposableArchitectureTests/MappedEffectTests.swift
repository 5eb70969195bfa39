import ComposableArchitecture
import Testing

/// A row that arms a timer, runs async work, and sends a concatenation whose middle part waits.
@Reducer
private struct TimedRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var log: [String] = []
  }
  enum Action: Equatable {
    case arm
    case expired
    case fetch
    case fetched(Int)
    case sequence
    case step(String)
  }
  enum CancelID { case timer }
  @ResolvedDependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .arm:
        return .merge(
          .send(.step("armed")),
          .send(.expired, after: .seconds(30), clock: self.clock)
            .cancellable(id: CancelID.timer, cancelInFlight: true)
        )
      case .expired:
        state.log.append("expired")
        return .none
      case .fetch:
        return .run { [id = state.id] send in await send(.fetched(id * 10)) }
      case let .fetched(value):
        state.log.append("fetched \(value)")
        return .none
      case .sequence:
        return .concatenate(
          .send(.step("first")),
          .run { send in await send(.step("second")) },
          .send(.step("third"))
        )
      case let .step(name):
        state.log.append(name)
        return .none
      }
    }
  }
}

/// Rows inside a `Scope`, so that a row's effect is mapped twice and made a child's once.
@Reducer
private struct Table {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<TimedRow.State> = []
  }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<TimedRow>)
    case remove(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .remove(id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(\.rows, action: \.rows) { TimedRow() }
  }
}

@Reducer
private struct Screen {
  @ObservableState
  struct State: Equatable {
    var table = Table.State()
  }
  enum Action: Equatable {
    case table(Table.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.table, action: \.table) { Table() }
  }
}

/// A live store reads a mapped effect in place (a test store sees it rebuilt): its actions
/// reach the right row through every level, its timers and tasks run under the row's ids, and
/// removing the row cancels them.
@MainActor
struct MappedEffectTests {
  private func makeStore(clock: ManualSchedulingClock) -> StoreOf<Screen> {
    Store(initialState: Screen.State(table: Table.State(rows: [TimedRow.State(id: 1), TimedRow.State(id: 2)]))) {
      Screen()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  private func log(_ store: StoreOf<Screen>, _ id: Int) -> [String] {
    store.withState { $0.table.rows[id: id]?.log ?? [] }
  }

  @Test func aRowsTimerFiresIntoThatRowAndIsCancelledWithIt() async {
    let clock = ManualSchedulingClock()
    let store = self.makeStore(clock: clock)
    store.send(.table(.rows(.element(id: 1, action: .arm))))
    let second = store.send(.table(.rows(.element(id: 2, action: .arm))))
    #expect(self.log(store, 1) == ["armed"])
    #expect(clock.pending == [1, 2])
    // Re-arming row 2 takes out its own timer only: the ids are the row's.
    let rearmed = store.send(.table(.rows(.element(id: 2, action: .arm))))
    #expect(clock.pending == [1, 3])
    await second.finish()
    #expect(second.isCancelled)
    // Removing row 1 cancels its timer: the child's effects are cancellable as a whole.
    store.send(.table(.remove(1)))
    #expect(clock.pending == [3])
    clock.fireAll()
    await rearmed.finish()
    #expect(self.log(store, 2) == ["armed", "armed", "expired"])
  }

  @Test func aMappedRunSendsTheTransformedAction() async {
    let store = self.makeStore(clock: ManualSchedulingClock())
    await store.send(.table(.rows(.element(id: 2, action: .fetch)))).finish()
    #expect(self.log(store, 2) == ["fetched 20"])
    #expect(self.log(store, 1) == [])
  }

  @Test func aMappedConcatenationRunsItsPartsInOrder() async {
    let store = self.makeStore(clock: ManualSchedulingClock())
    let task = store.send(.table(.rows(.element(id: 1, action: .sequence))))
    // The leading send is handled at once; the rest waits for the task.
    #expect(self.log(store, 1) == ["first"])
    await task.finish()
    #expect(self.log(store, 1) == ["first", "second", "third"])
  }

  @Test func aTestStoreSeesTheSameEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Screen.State(table: Table.State(rows: [TimedRow.State(id: 1)]))) {
      Screen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.table(.rows(.element(id: 1, action: .arm))))
    await store.receive(.table(.rows(.element(id: 1, action: .step("armed"))))) {
      $0.table.rows[id: 1]?.log = ["armed"]
    }
    await clock.advance(by: .seconds(30))
    await store.receive(.table(.rows(.element(id: 1, action: .expired)))) {
      $0.table.rows[id: 1]?.log = ["armed", "expired"]
    }
  }
}
