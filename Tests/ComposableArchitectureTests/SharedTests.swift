import ComposableArchitecture
import Foundation
import Testing

@Reducer
private struct Counter {
  struct Settings: Codable, Equatable {
    var step = 1
  }
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    @Shared(.fileStorage(URL(fileURLWithPath: "/settings.json"))) var settings = Settings()
    var log: [String] = []
  }
  enum Action: Equatable {
    case increment
    case incrementLater
    case setStep(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        let step = state.settings.step
        state.$count.withLock { $0 += step }
        return .none
      case .incrementLater:
        return .run { [count = state.$count] _ in
          count.withLock { $0 += 10 }
        }
      case let .setStep(step):
        state.$settings.withLock { $0.step = step }
        return .none
      }
    }
    .onChange(of: \.count) { old, new in
      Reduce { state, _ in
        state.log.append("\(old) → \(new)")
        return .none
      }
    }
  }
}

@MainActor
struct SharedTests {
  @Test func aSharedValueIsOneValueForItsCopies() {
    let shared = Shared(value: 1)
    let copy = shared
    copy.withLock { $0 += 1 }
    #expect(shared.wrappedValue == 2)
    #expect(Shared(value: 2) == shared)
  }

  @Test func sharedValuesWithOneKeyAreOneValue() {
    withDependencies {
      $0.sharedReferences = SharedReferences()
    } operation: {
      @Shared(.inMemory("score")) var first = 0
      @Shared(.inMemory("score")) var second = 5
      $first.withLock { $0 = 7 }
      #expect(second == 7)
    }
  }

  @Test func aFileStorageValueIsSavedAsJSONAndLoadedBack() throws {
    let url = URL(fileURLWithPath: "/game/settings.json")
    let fileSystem = SharedFileSystem.inMemory()
    try withDependencies {
      $0.sharedReferences = SharedReferences()
      $0.sharedFileSystem = fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var settings = Counter.Settings()
      $settings.withLock { $0.step = 3 }
      let saved = try #require(fileSystem.read(url))
      #expect(try JSONDecoder().decode(Counter.Settings.self, from: saved).step == 3)
    }
    withDependencies {
      $0.sharedReferences = SharedReferences()
      $0.sharedFileSystem = fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var settings = Counter.Settings()
      #expect(settings.step == 3)
    }
  }

  @Test func aFileThatDoesNotDecodeIsReportedAndTheDefaultUsed() {
    let url = URL(fileURLWithPath: "/broken.json")
    withKnownIssue {
      withDependencies {
        $0.sharedReferences = SharedReferences()
        $0.sharedFileSystem = .inMemory([url: Data("{".utf8)])
      } operation: {
        @Shared(.fileStorage(url)) var settings = Counter.Settings(step: 2)
        #expect(settings.step == 2)
      }
    } matching: {
      $0.messageContains("Can't decode")
    }
  }

  @Test func aTestStoreAssertsSharedChanges() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
      $0.log = ["0 → 1"]
    }
    await store.send(.setStep(5)) {
      $0.$settings.withLock { $0.step = 5 }
    }
    await store.send(.increment) {
      $0.$count.withLock { $0 += 5 }
      $0.log = ["0 → 1", "1 → 6"]
    }
    // The closures changed what the test expected, not the value: it is 6, not 12.
    #expect(store.state.count == 6)
  }

  @Test func anEffectsSharedChangeIsAssertedWithTheNextStep() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementLater)
    await store.finish()
    await store.send(.increment) {
      $0.$count.withLock { $0 = 11 }
      $0.log = ["10 → 11"]
    }
  }

  @Test func anUnassertedSharedChangeFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) {
        $0.log = ["0 → 1"]
      }
    } matching: {
      $0.messageContains("A shared value changed in a way the test did not expect")
    }
  }

  @Test func aWronglyAssertedSharedChangeFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) {
        $0.$count.withLock { $0 = 2 }
        $0.log = ["0 → 1"]
      }
    } matching: {
      $0.messageContains("A shared value changed in a way the test did not expect")
    }
  }

  @Test func eachTestStoreHasSharedValuesOfItsOwn() async {
    let first = TestStore(initialState: Counter.State()) { Counter() }
    let second = TestStore(initialState: Counter.State()) { Counter() }
    await first.send(.increment) {
      $0.$count.withLock { $0 = 1 }
      $0.log = ["0 → 1"]
    }
    #expect(second.state.count == 0)
  }
}
