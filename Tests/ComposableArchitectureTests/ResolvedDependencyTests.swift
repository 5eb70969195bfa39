import ComposableArchitecture
import Foundation
import Testing

@Reducer
private struct Stamper {
  struct State: Equatable {
    var stamps: [Date] = []
    var child = Child.State()
  }
  enum Action: Equatable {
    case stamp
    case child(Child.Action)
  }

  @Reducer
  struct Child {
    struct State: Equatable { var stamps: [Date] = [] }
    enum Action: Equatable { case stamp }
    @ResolvedDependency(\.date) var date
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.stamps.append(self.date.now)
        return .none
      }
    }
  }

  @ResolvedDependency(\.date) var date

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      Child()
        .dependency(\.date, .constant(Date(timeIntervalSince1970: 3)))
    }
    Reduce { state, action in
      guard case .stamp = action else { return .none }
      state.stamps.append(self.date.now)
      return .none
    }
  }
}

/// Reads a part of its dependency in place, with `read(_:)`.
@Reducer
private struct PartReader {
  struct State: Equatable { var stamps: [Date] = [] }
  enum Action: Equatable { case stamp }
  @ResolvedDependency(\.date) var date
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.stamps.append(self.$date.read { $0.now })
      return .none
    }
  }
}

@MainActor
struct ResolvedDependencyTests {
  @Test func aPartReadInPlaceFollowsTheDependenciesAsTheyChange() async {
    let store = TestStore(initialState: PartReader.State()) {
      PartReader()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    // NB: The first read resolves (a miss); the second is a hit; the third a miss again.
    await store.send(.stamp) { $0.stamps = [Date(timeIntervalSince1970: 1)] }
    await store.send(.stamp) { $0.stamps.append(Date(timeIntervalSince1970: 1)) }
    store.dependencies.date = .constant(Date(timeIntervalSince1970: 2))
    await store.send(.stamp) { $0.stamps.append(Date(timeIntervalSince1970: 2)) }
    await store.send(.stamp) { $0.stamps.append(Date(timeIntervalSince1970: 2)) }
  }

  @Test func aPartReadInPlaceIsTheWrappedValuesPart() {
    let reader = PartReader()
    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 5))
    } operation: {
      #expect(reader.$date.read { $0.now } == Date(timeIntervalSince1970: 5))
      #expect(reader.date.now == Date(timeIntervalSince1970: 5))
      #expect(reader.$date.read { $0.now } == Date(timeIntervalSince1970: 5))
    }
    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 6))
    } operation: {
      #expect(reader.$date.read { $0.now } == Date(timeIntervalSince1970: 6))
    }
  }

  @Test func followsTheTestStoresDependenciesAsTheyChange() async {
    let store = TestStore(initialState: Stamper.State()) {
      Stamper()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(.stamp) { $0.stamps = [Date(timeIntervalSince1970: 1)] }
    await store.send(.stamp) { $0.stamps.append(Date(timeIntervalSince1970: 1)) }
    store.dependencies.date = .constant(Date(timeIntervalSince1970: 2))
    await store.send(.stamp) { $0.stamps.append(Date(timeIntervalSince1970: 2)) }
  }

  @Test func aReducersDependencyModifierTakesEffect() async {
    let store = TestStore(initialState: Stamper.State()) {
      Stamper()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(.child(.stamp)) { $0.child.stamps = [Date(timeIntervalSince1970: 3)] }
    await store.send(.stamp) { $0.stamps = [Date(timeIntervalSince1970: 1)] }
  }

  @Test func oneReducerInTwoStoresReadsEachStoresOwn() {
    let reducer = Stamper()
    let first = Store(initialState: Stamper.State()) {
      reducer
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 10))
    }
    let second = Store(initialState: Stamper.State()) {
      reducer
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 20))
    }
    for _ in 0..<2 {
      first.send(.stamp)
      second.send(.stamp)
    }
    #expect(first.withState(\.stamps) == Array(repeating: Date(timeIntervalSince1970: 10), count: 2))
    #expect(second.withState(\.stamps) == Array(repeating: Date(timeIntervalSince1970: 20), count: 2))
  }
}
