import ComposableArchitecture
import Foundation
import Testing

private enum StoreTestNumberKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var storeTestNumber: Int {
    get { self[StoreTestNumberKey.self] }
    set { self[StoreTestNumberKey.self] = newValue }
  }
}

@Reducer
private struct StoreChild {
  @ObservableState
  struct State: Equatable, Sendable {
    var value = 0
  }
  enum Action: Equatable {
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.value += 1
        return .none
      }
    }
  }
}

@Reducer
private struct StoreFeature {
  @ObservableState
  struct State: Equatable, Sendable {
    var count = 0
    var log: [String] = []
    var child = StoreChild.State()
    var optionalChild: StoreChild.State?
  }

  enum Action: Equatable {
    case increment
    case incrementTwice
    case first
    case second
    case third
    case readNumber
    case child(StoreChild.Action)
    case optionalChild(StoreChild.Action)
    case toggleOptionalChild
    case incrementLater
  }

  @Dependency(\.storeTestNumber) var number

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      StoreChild()
    }
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementTwice:
        return .merge(.send(.increment), .send(.increment))
      case .first:
        state.log.append("first")
        return .merge(.send(.second), .send(.third))
      case .second:
        state.log.append("second")
        return .send(.third)
      case .third:
        state.log.append("third")
        return .none
      case .readNumber:
        state.count = self.number
        return .none
      case .child:
        return .none
      case .optionalChild:
        return .none
      case .toggleOptionalChild:
        state.optionalChild = state.optionalChild == nil ? StoreChild.State() : nil
        return .none
      case .incrementLater:
        return .run { send in await send(.increment) }
      }
    }
    .ifLet(\.optionalChild, action: \.optionalChild) {
      StoreChild()
    }
  }
}

/// Waits for the next element of `stream`, or `nil` after `timeout` (so that a failing test
/// fails fast instead of hanging).
private func next<Element: Sendable>(
  _ iterator: inout AsyncStream<Element>.Iterator,
  timeout: Duration = .seconds(5)
) async -> Element? {
  // NB: An AsyncStream iterator refers to the stream's shared storage, so a copy consumes the
  // same elements.
  let box = UncheckedSendable(iterator)
  return await withTaskGroup(of: Element?.self) { group in
    group.addTask {
      var iterator = box.value
      return await iterator.next()
    }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return nil
    }
    let first = await group.next()!
    group.cancelAll()
    return first
  }
}

@MainActor
struct StoreTests {
  @Test func initWithDependencies() {
    let store = Store(initialState: StoreFeature.State()) {
      StoreFeature()
    } withDependencies: {
      $0.storeTestNumber = 42
    }
    store.send(.readNumber)
    #expect(store.count == 42)
  }

  @Test func reentrantSendOrder() {
    let store = Store(initialState: StoreFeature.State()) { StoreFeature() }
    store.send(.first)
    // NB: First in, first out: ".second" and ".third" from ".first", then ".third" from
    // ".second".
    #expect(store.log == ["first", "second", "third", "third"])
    store.send(.increment)
    #expect(store.count == 1)
  }

  @Test func storeTaskFinish() async {
    let store = Store(initialState: StoreFeature.State()) { StoreFeature() }
    let task = store.send(.incrementLater)
    #expect(!task.isCancelled)
    await task.finish()
    #expect(store.count == 1)
    #expect(!task.isCancelled)
  }

  @Test func storeTaskCancel() async {
    let (events, continuation) = AsyncStream<String>.makeStream()
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { state, action in
        guard action else { return .none }
        return .run { _ in
          continuation.yield("started")
          do {
            try await Task.never()
          } catch {
            continuation.yield("cancelled: \(error is CancellationError)")
          }
        }
      }
    }
    var iterator = events.makeAsyncIterator()
    let task = store.send(true)
    #expect(!task.isCancelled)
    #expect(await next(&iterator) == "started")
    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    #expect(await next(&iterator) == "cancelled: true")
  }

  @Test func storeTaskWithoutEffects() async {
    let store = Store(initialState: StoreFeature.State()) { StoreFeature() }
    let task = store.send(.increment)
    #expect(task.isCancelled)
    await task.finish()
  }

  @Test func storeTaskCombiningSeveralEffects() async {
    let store = Store(initialState: StoreFeature.State()) {
      Reduce<StoreFeature.State, StoreFeature.Action> { state, action in
        switch action {
        case .first:
          return .merge(
            .run { send in await send(.increment) },
            .run { send in await send(.increment) },
            .run { send in await send(.increment) }
          )
        case .increment:
          state.count += 1
          return .none
        default:
          return .none
        }
      }
    }
    await store.send(.first).finish()
    #expect(store.count == 3)
  }

  @Test func scopeIsCached() {
    let store = Store(initialState: StoreFeature.State()) { StoreFeature() }
    let child1 = store.scope(state: \.child, action: \.child)
    let child2 = store.scope(state: \.child, action: \.child)
    #expect(child1 === child2)
    child1.send(.increment)
    #expect(child2.value == 1)
    #expect(store.child.value == 1)
  }

  @Test func optionalScope() {
    let store = Store(initialState: StoreFeature.State()) { StoreFeature() }
    #expect(store.scope(state: \.optionalChild, action: \.optionalChild) == nil)
    store.send(.toggleOptionalChild)
    let child = store.scope(state: \.optionalChild, action: \.optionalChild)
    #expect(child != nil)
    #expect(child === store.scope(state: \.optionalChild, action: \.optionalChild))
    child?.send(.increment)
    #expect(child?.value == 1)
    #expect(store.optionalChild?.value == 1)
    store.send(.toggleOptionalChild)
    #expect(store.scope(state: \.optionalChild, action: \.optionalChild) == nil)
  }

  @Test func dynamicMemberAndWithState() {
    let store = Store(initialState: StoreFeature.State(count: 3, log: ["x"])) { StoreFeature() }
    #expect(store.count == 3)
    #expect(store.log == ["x"])
    #expect(store.child.value == 0)
    #expect(store.withState(\.count) == 3)
    #expect(store.withState { $0.log.count + $0.count } == 4)
    store.send(.increment)
    #expect(store.withState(\.count) == 4)
    #expect(store.state.count == 4)
  }

  @Test func observeCalledAfterEachBatch() async {
    let store = Store(initialState: StoreFeature.State()) { StoreFeature() }
    var counts: [Int] = []
    let observation = store.observe { counts.append($0.count) }
    store.send(.incrementTwice)
    // NB: Once for the whole batch, with its final state.
    #expect(counts == [2])
    store.send(.increment)
    #expect(counts == [2, 3])
    await store.send(.incrementLater).finish()
    // NB: Once for the batch of ".incrementLater", once for the effect's ".increment".
    #expect(counts == [2, 3, 3, 4])
    observation.cancel()
    store.send(.increment)
    #expect(counts == [2, 3, 3, 4])
    withExtendedLifetime(observation) {}
  }

  @Test func observeStopsWhenReleased() {
    let store = Store(initialState: StoreFeature.State()) { StoreFeature() }
    var counts: [Int] = []
    do {
      let observation = store.observe { counts.append($0.count) }
      store.send(.increment)
      withExtendedLifetime(observation) {}
    }
    store.send(.increment)
    #expect(counts == [1])
  }

  @Test func states() async {
    let store = Store(initialState: StoreFeature.State()) { StoreFeature() }
    var iterator = store.states.makeAsyncIterator()
    #expect(await next(&iterator)?.count == 0)
    store.send(.incrementTwice)
    #expect(await next(&iterator)?.count == 2)
    store.send(.increment)
    #expect(await next(&iterator)?.count == 3)
  }

  @Test func effectsCancelledWhenStoreReleased() async {
    let (events, continuation) = AsyncStream<String>.makeStream()
    var iterator = events.makeAsyncIterator()
    weak var weakStore: Store<Int, Bool>?
    do {
      let store = Store(initialState: 0) {
        Reduce<Int, Bool> { _, action in
          guard action else { return .none }
          return .run { _ in
            continuation.yield("started")
            do {
              try await Task.never()
            } catch {
              continuation.yield("cancelled")
            }
          }
        }
      }
      weakStore = store
      store.send(true)
      #expect(await next(&iterator) == "started")
    }
    #expect(weakStore == nil)
    #expect(await next(&iterator) == "cancelled")
  }

  @Test func anEffectWhoseStoreWentAwayBeforeItStartedRunsSeeingTheCancellation() async {
    let (events, continuation) = AsyncStream<Bool>.makeStream()
    var iterator = events.makeAsyncIterator()
    do {
      let store = Store(initialState: 0) {
        Reduce<Int, Bool> { _, _ in
          .run { _ in
            try? await Task.never()
            continuation.yield(Task.isCancelled)
          }
        }
      }
      store.send(true)
    }
    #expect(await next(&iterator) == true)
  }

  @Test func storeOnStoreActor() async {
    let executor = StoreExecutor(name: "test")
    let actor = StoreActor(executor: executor)
    let threads = LockIsolated<[String: Bool]>([:])
    let count = await actor.run { _ in
      let store = Store(initialState: StoreFeature.State()) {
        Reduce<StoreFeature.State, StoreFeature.Action> { state, action in
          threads.withValue { $0["reducer \(action)"] = executor.isCurrent }
          switch action {
          case .first:
            return .merge(
              .run { send in
                threads.withValue { $0["effect 1"] = executor.isCurrent }
                await send(.increment)
                threads.withValue { $0["effect 1 after send"] = executor.isCurrent }
              },
              .run { send in
                threads.withValue { $0["effect 2"] = executor.isCurrent }
                await Task.yield()
                await send(.increment)
              }
            )
          case .increment:
            state.count += 1
            return .none
          default:
            return .none
          }
        }
      }
      await store.send(.first).finish()
      return store.count
    }
    #expect(count == 2)
    #expect(!executor.isCurrent)
    #expect(
      threads.value == [
        "reducer first": true,
        "reducer increment": true,
        "effect 1": true,
        "effect 1 after send": true,
        "effect 2": true,
      ]
    )
  }

  @Test func storeOnStoreActorNamedParameter() async {
    let executor = StoreExecutor(name: "test-named")
    let actor = StoreActor(executor: executor)
    let ranOnExecutor = LockIsolated<[Bool]>([])
    let count = await actor.run { isolatedActor in
      let store = Store(initialState: StoreFeature.State()) {
        Reduce<StoreFeature.State, StoreFeature.Action> { state, action in
          switch action {
          case .incrementLater:
            return .run { send in
              ranOnExecutor.withValue { $0.append(executor.isCurrent) }
              await send(.increment)
            }
          case .increment:
            ranOnExecutor.withValue { $0.append(executor.isCurrent) }
            state.count += 1
            return .none
          default:
            return .none
          }
        }
      }
      await store.send(.incrementLater).finish()
      await store.send(.incrementLater).finish()
      return store.count
    }
    #expect(count == 2)
    #expect(ranOnExecutor.value == [true, true, true, true])
  }
}
