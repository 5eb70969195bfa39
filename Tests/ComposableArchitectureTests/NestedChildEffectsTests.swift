import ComposableArchitecture
import Testing

/// A cell that arms a timer.
@Reducer
private struct TimedCell {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
  }
  enum Action: Equatable {
    case arm
    case expired
  }
  enum CancelID { case timer }
  @ResolvedDependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .arm:
        return .send(.expired, after: .seconds(30), clock: self.clock)
          .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .expired:
        return .none
      }
    }
  }
}

/// A row of cells, which can drop one of them.
@Reducer
private struct CellRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var cells: IdentifiedArrayOf<TimedCell.State> = [TimedCell.State(id: 1), TimedCell.State(id: 2)]
  }
  enum Action: Equatable {
    case cells(IdentifiedActionOf<TimedCell>)
    case drop(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .drop(id) = action { state.cells.remove(id: id) }
      return .none
    }
    .forEach(\.cells, action: \.cells) { TimedCell() }
  }
}

/// Rows of cells: a cell's effects are a grandchild's.
@Reducer
private struct Grid {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<CellRow.State> = [CellRow.State(id: 1), CellRow.State(id: 2)]
  }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<CellRow>)
    case remove(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .remove(id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(\.rows, action: \.rows) { CellRow() }
  }
}

/// A grandchild's work ends when its own parent drops it, and when the grandparent drops that
/// parent: each level's removal cancels everything under it, and nothing beside it.
@MainActor
struct NestedChildEffectsTests {
  @Test func aGrandchildsTimerEndsWithItsParentOrItself() async {
    let clock = ManualSchedulingClock()
    let store = Store(initialState: Grid.State()) {
      Grid()
    } withDependencies: {
      $0.continuousClock = clock
    }
    func arm(_ row: Int, _ cell: Int) {
      store.send(.rows(.element(id: row, action: .cells(.element(id: cell, action: .arm)))))
    }
    arm(1, 1)
    arm(1, 2)
    arm(2, 1)
    #expect(clock.pending == [1, 2, 3])
    // The row drops its first cell: that cell's timer only.
    store.send(.rows(.element(id: 1, action: .drop(1))))
    #expect(clock.pending == [2, 3])
    // The grid removes row 1: the timer of the cell left in it.
    store.send(.remove(1))
    #expect(clock.pending == [3])
  }

  @Test func aTestStoreSeesTheGrandchildsTimerEndWithIt() async {
    // NB: A test store runs the effects rebuilt, as `Effect.child` makes them: the other path.
    let clock = TestClock()
    let store = TestStore(initialState: Grid.State()) {
      Grid()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .cells(.element(id: 1, action: .arm)))))
    await store.send(.rows(.element(id: 2, action: .cells(.element(id: 2, action: .arm)))))
    await store.send(.rows(.element(id: 1, action: .drop(1)))) {
      $0.rows[id: 1]?.cells.remove(id: 1)
    }
    await store.send(.remove(2)) {
      $0.rows.remove(id: 2)
    }
    // NB: Exhaustive: a timer still armed would fail the test as it ends.
  }
}
