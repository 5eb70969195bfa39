import ComposableArchitecture
import Foundation
import Testing

private struct Multiplier: Sendable {
  var factor: Int
}

private enum MultiplierKey: DependencyKey {
  static let liveValue = Multiplier(factor: 1)
  static let testValue = Multiplier(factor: 2)
}

extension DependencyValues {
  fileprivate var multiplier: Multiplier {
    get { self[MultiplierKey.self] }
    set { self[MultiplierKey.self] = newValue }
  }
}

@Reducer
private struct Maker {
  @ObservableState
  struct State: Equatable {
    var ids: [UUID] = []
    var products: [Int] = []
  }
  enum Action: Equatable {
    case make
    case makeLater
    case made(UUID)
    case multiply(Int)
    case multiplyLater(Int)
    case multiplied(Int)
  }
  @Dependency(\.uuid) var uuid
  @Dependency(\.multiplier) var multiplier

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .make:
        state.ids.append(self.uuid())
        return .none
      case .makeLater:
        return .run { send in
          @Dependency(\.uuid) var uuid
          await send(.made(uuid()))
        }
      case let .made(id):
        state.ids.append(id)
        return .none
      case let .multiply(value):
        state.products.append(value * self.multiplier.factor)
        return .none
      case let .multiplyLater(value):
        return .run { send in
          @Dependency(\.multiplier) var multiplier
          await send(.multiplied(value * multiplier.factor))
        }
      case let .multiplied(value):
        state.products.append(value)
        return .none
      }
    }
  }
}

@Reducer
private struct Pair {
  @ObservableState
  struct State: Equatable {
    var overridden = Maker.State()
    var plain = Maker.State()
  }
  enum Action: Equatable {
    case overridden(Maker.Action)
    case plain(Maker.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.overridden, action: \.overridden) {
      Maker().dependency(\.multiplier, Multiplier(factor: 100))
    }
    Scope(state: \.plain, action: \.plain) {
      Maker()
    }
  }
}

@MainActor
struct DependencyReducerTests {
  @Test func dependencyOverridesValueForReducer() async {
    let store = TestStore(initialState: Maker.State()) {
      Maker().dependency(\.uuid, .incrementing)
    }
    await store.send(.make) { $0.ids = [UUID(0)] }
    await store.send(.make) { $0.ids = [UUID(0), UUID(1)] }
  }

  @Test func effectsSeeOverriddenValue() async {
    let store = TestStore(initialState: Maker.State()) {
      Maker().dependency(\.uuid, .incrementing)
    }
    await store.send(.make) { $0.ids = [UUID(0)] }
    await store.send(.makeLater)
    await store.receive(.made(UUID(1))) { $0.ids = [UUID(0), UUID(1)] }
    await store.send(.multiplyLater(3))
    await store.receive(.multiplied(6)) { $0.products = [6] }
  }

  @Test func transformDependencyChangesValue() async {
    let store = TestStore(initialState: Maker.State()) {
      Maker().transformDependency(\.multiplier) { $0.factor += 10 }
    }
    // testValue is 2; the transform makes it 12.
    await store.send(.multiply(2)) { $0.products = [24] }
    await store.send(.multiplyLater(1))
    await store.receive(.multiplied(12)) { $0.products = [24, 12] }
  }

  @Test func reducerOverrideWinsOverTestStoreDependencies() async {
    let store = TestStore(initialState: Maker.State()) {
      Maker().dependency(\.multiplier, Multiplier(factor: 7))
    } withDependencies: {
      $0.multiplier = Multiplier(factor: 3)
    }
    await store.send(.multiply(1)) { $0.products = [7] }
  }

  @Test func testStoreDependenciesApplyWithoutOverride() async {
    let store = TestStore(initialState: Maker.State()) {
      Maker()
    } withDependencies: {
      $0.multiplier = Multiplier(factor: 3)
    }
    await store.send(.multiply(1)) { $0.products = [3] }
    await store.send(.multiplyLater(2))
    await store.receive(.multiplied(6)) { $0.products = [3, 6] }
  }

  @Test func innermostOverrideWins() async {
    let store = TestStore(initialState: Maker.State()) {
      Maker()
        .dependency(\.multiplier, Multiplier(factor: 5))
        .dependency(\.multiplier, Multiplier(factor: 9))
    }
    await store.send(.multiply(1)) { $0.products = [5] }
  }

  @Test func chainedOverridesOfDifferentKeysBothApply() async {
    let store = TestStore(initialState: Maker.State()) {
      Maker()
        .dependency(\.multiplier, Multiplier(factor: 5))
        .dependency(\.uuid, .incrementing)
    }
    await store.send(.multiply(1)) { $0.products = [5] }
    await store.send(.make) { $0.ids = [UUID(0)] }
  }

  @Test func overrideOnlyAppliesToWrappedReducer() async {
    let store = TestStore(initialState: Pair.State()) { Pair() }
    await store.send(.overridden(.multiply(1))) { $0.overridden.products = [100] }
    await store.send(.plain(.multiply(1))) { $0.plain.products = [2] }
    await store.send(.overridden(.multiplyLater(1)))
    await store.receive(.overridden(.multiplied(100))) { $0.overridden.products = [100, 100] }
    await store.send(.plain(.multiplyLater(1)))
    await store.receive(.plain(.multiplied(2))) { $0.plain.products = [2, 2] }
  }

  @Test func transformsFuseIntoOneReducerAndTheOuterRunsFirst() async {
    let maker: _DependencyKeyWritingReducer<Maker> = Maker()
      .transformDependency(\.multiplier) { $0.factor += 1 }
      .transformDependency(\.multiplier) { $0.factor *= 10 }
    let store = TestStore(initialState: Maker.State()) { maker }
    await store.send(.multiply(1)) { $0.products = [21] }
  }
}
