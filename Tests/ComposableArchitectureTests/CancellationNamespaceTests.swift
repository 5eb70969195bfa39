import ComposableArchitecture
import Testing

/// An item with a repeating timer and a timer armed in the clock (`send(after:)`); its cancel ids
/// are the same in every item of every group.
@Reducer
private struct Item {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
    var steps: [Int] = []
  }
  enum Action: Equatable {
    case start
    case stop
    case stopFromEffect
    case startGuarded
    case cancelGuardedFromEffect
    case startSteps
    case stopSteps
    case arm
    case tick
    case step(Int)
  }
  enum CancelID { case timer, guarded, steps, armed }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stop:
        return .cancel(id: CancelID.timer)
      case .stopFromEffect:
        return .run { _ in Task.cancel(id: CancelID.timer) }
      case .startGuarded:
        return .run { [clock] send in
          try await withTaskCancellation(id: CancelID.guarded) {
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
        }
      case .cancelGuardedFromEffect:
        return .run { _ in Task.cancel(id: CancelID.guarded) }
      case .startSteps:
        return .concatenate(
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.step(1))
          },
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.step(2))
          }
          .cancellable(id: CancelID.steps)
        )
      case .stopSteps:
        return .cancel(id: CancelID.steps)
      case .arm:
        return .send(.tick, after: .seconds(30), clock: self.clock)
          .cancellable(id: CancelID.armed, cancelInFlight: true)
      case .tick:
        state.ticks += 1
        return .none
      case let .step(number):
        state.steps.append(number)
        return .none
      }
    }
  }
}

@Reducer
private struct Group {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var items: IdentifiedArrayOf<Item.State> = [Item.State(id: 1), Item.State(id: 2)]
  }
  enum Action: Equatable {
    case items(IdentifiedActionOf<Item>)
    case remove(id: Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .remove(id) = action { state.items.remove(id: id) }
      return .none
    }
    .forEach(\.items, action: \.items) { Item() }
  }
}

@Reducer
private struct Groups {
  @ObservableState
  struct State: Equatable {
    var groups: IdentifiedArrayOf<Group.State> = [Group.State(id: 1), Group.State(id: 2)]
  }
  enum Action: Equatable {
    case groups(IdentifiedActionOf<Group>)
    case remove(id: Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .remove(id):
        state.groups.remove(id: id)
        return .none
      case .groups:
        return .none
      }
    }
    .forEach(\.groups, action: \.groups) { Group() }
  }
}

@MainActor
struct CancellationNamespaceTests {
  private func makeStore(_ clock: SettlingTestClock<Duration>) -> TestStoreOf<Groups> {
    TestStore(initialState: Groups.State()) {
      Groups()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func sameItemIDInTwoGroupsIsTwoIDs() async {
    let clock = SettlingTestClock()
    let store = self.makeStore(clock)
    await store.send(\.groups[id: 1].items[id: 1].start)
    await store.send(\.groups[id: 2].items[id: 1].start)
    // Group 1's item 1 stops; group 2's item 1, with the same item id and cancel id, runs on.
    await store.send(\.groups[id: 1].items[id: 1].stop)
    await clock.advance(by: .seconds(1))
    await store.receive(\.groups[id: 2].items[id: 1].tick) {
      $0.groups[id: 2]?.items[id: 1]?.ticks = 1
    }
    await store.send(\.groups[id: 2].items[id: 1].stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func taskCancelInsideAnEffectStaysInItsItem() async {
    let clock = SettlingTestClock()
    let store = self.makeStore(clock)
    await store.send(\.groups[id: 1].items[id: 1].start)
    await store.send(\.groups[id: 1].items[id: 2].start)
    await store.send(\.groups[id: 1].items[id: 1].stopFromEffect).finish()
    await clock.advance(by: .seconds(1))
    await store.receive(\.groups[id: 1].items[id: 2].tick) {
      $0.groups[id: 1]?.items[id: 2]?.ticks = 1
    }
    await store.send(\.groups[id: 1].items[id: 2].stopFromEffect).finish()
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func withTaskCancellationInsideAnItemIsTheItemsOwn() async {
    let clock = SettlingTestClock()
    let store = self.makeStore(clock)
    await store.send(\.groups[id: 1].items[id: 1].startGuarded)
    await store.send(\.groups[id: 2].items[id: 1].startGuarded)
    await store.send(\.groups[id: 2].items[id: 1].cancelGuardedFromEffect).finish()
    await clock.advance(by: .seconds(1))
    await store.receive(\.groups[id: 1].items[id: 1].tick) {
      $0.groups[id: 1]?.items[id: 1]?.ticks = 1
    }
    await store.send(\.groups[id: 1].items[id: 1].cancelGuardedFromEffect).finish()
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancellingALaterPartOfAConcatenationInAnItem() async {
    let clock = SettlingTestClock()
    let store = self.makeStore(clock)
    await store.send(\.groups[id: 1].items[id: 1].startSteps)
    await store.send(\.groups[id: 1].items[id: 2].startSteps)
    await clock.advance(by: .seconds(1))
    await store.receive(\.groups[id: 1].items[id: 1].step) {
      $0.groups[id: 1]?.items[id: 1]?.steps = [1]
    }
    await store.receive(\.groups[id: 1].items[id: 2].step) {
      $0.groups[id: 1]?.items[id: 2]?.steps = [1]
    }
    // The second part of item 1's concatenation is now sleeping under `CancelID.steps`.
    await store.send(\.groups[id: 1].items[id: 1].stopSteps)
    await clock.advance(by: .seconds(1))
    await store.receive(\.groups[id: 1].items[id: 2].step) {
      $0.groups[id: 1]?.items[id: 2]?.steps = [1, 2]
    }
    await store.finish()
  }

  @Test func removingAGroupCancelsItsItemsEffects() async {
    let clock = SettlingTestClock()
    let store = self.makeStore(clock)
    await store.send(\.groups[id: 1].items[id: 1].start)
    await store.send(\.groups[id: 1].items[id: 2].startGuarded)
    await store.send(\.groups[id: 2].items[id: 1].start)
    await store.send(.remove(id: 1)) {
      $0.groups.remove(id: 1)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.groups[id: 2].items[id: 1].tick) {
      $0.groups[id: 2]?.items[id: 1]?.ticks = 1
    }
    await store.send(.remove(id: 2)) {
      $0.groups.remove(id: 2)
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  // NB: An item's effects are a grandchild's: its own group's removal of it, and the removal of
  //     its group, each cancel them, and nothing beside them. A live store walks a mapped effect
  //     in place; a test store runs it rebuilt (`Effect.child`): one test for each path.

  @Test func anItemsArmedTimerEndsWithItselfOrItsGroup() {
    let clock = ManualSchedulingClock()
    let store = Store(initialState: Groups.State()) {
      Groups()
    } withDependencies: {
      $0.continuousClock = clock
    }
    func arm(_ group: Int, _ item: Int) {
      store.send(.groups(.element(id: group, action: .items(.element(id: item, action: .arm)))))
    }
    arm(1, 1)
    arm(1, 2)
    arm(2, 1)
    #expect(clock.pending == [1, 2, 3])
    // The group drops its first item: that item's timer only.
    store.send(.groups(.element(id: 1, action: .remove(id: 1))))
    #expect(clock.pending == [2, 3])
    // Group 1 goes: the timer of the item left in it.
    store.send(.remove(id: 1))
    #expect(clock.pending == [3])
  }

  @Test func aTestStoreSeesAnItemsArmedTimerEndWithIt() async {
    let clock = SettlingTestClock()
    let store = self.makeStore(clock)
    await store.send(\.groups[id: 1].items[id: 1].arm)
    await store.send(\.groups[id: 2].items[id: 2].arm)
    await store.send(.groups(.element(id: 1, action: .remove(id: 1)))) {
      $0.groups[id: 1]?.items.remove(id: 1)
    }
    await store.send(.remove(id: 2)) {
      $0.groups.remove(id: 2)
    }
    // NB: Exhaustive: a timer still armed would fail the test as it ends.
  }
}
