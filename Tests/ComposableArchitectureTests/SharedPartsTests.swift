import ComposableArchitecture
import Foundation
import Testing

private struct Volume: Codable, Equatable {
  var level = 1
  var muted = false
}

@Reducer
private struct Mixer {
  @ObservableState
  struct State: Equatable {
    @Shared(.fileStorage(URL(fileURLWithPath: "/volume.json"))) var volume = Volume()
    @SharedReader(.inMemory("listeners")) var listeners = 0
  }
  enum Action {
    case louder
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      // NB: A part of a shared value, changed through its own `Shared`.
      let level = state.$volume.level
      level.withLock { $0 += 1 }
      return .none
    }
  }
}

@MainActor
struct SharedPartsTests {
  @Test func aPartOfASharedValueChangesTheWholeValue() throws {
    let url = URL(fileURLWithPath: "/volume.json")
    let fileSystem = SharedFileSystem.inMemory()
    try withDependencies {
      $0.sharedReferences = SharedReferences()
      $0.sharedFileSystem = fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var volume = Volume()
      let level = $volume.level
      level.withLock { $0 = 4 }
      #expect(volume.level == 4)
      #expect(level.wrappedValue == 4)
      // The whole value was saved.
      let saved = try JSONDecoder().decode(Volume.self, from: try #require(fileSystem.read(url)))
      #expect(saved.level == 4)
      // Two parts reached the same way are one shared value; other parts are not.
      #expect($volume.level == level)
      $volume.withLock { $0.muted = true }
      #expect($volume.muted.wrappedValue)
      #expect(Shared(value: 4) == level)
      #expect(Shared(value: 5) != level)
    }
  }

  @Test func aReaderSeesEveryChangeAndCannotMakeOne() {
    withDependencies {
      $0.sharedReferences = SharedReferences()
    } operation: {
      @Shared(.inMemory("listeners")) var listeners = 2
      @SharedReader(.inMemory("listeners")) var reader = 0
      #expect(reader == 2)
      $listeners.withLock { $0 = 3 }
      #expect(reader == 3)

      @Shared(value: Volume()) var volume
      let level = SharedReader($volume).level
      $volume.withLock { $0.level = 8 }
      #expect(level.wrappedValue == 8)
      #expect($volume.reader.level == level)
      #expect(SharedReader(value: 8) == level)
      #expect(SharedReader(value: 9) != level)
    }
  }

  @Test func aTestStoreAssertsAChangeMadeThroughAPart() async {
    let store = TestStore(initialState: Mixer.State()) { Mixer() }
    await store.send(.louder) {
      $0.$volume.level.withLock { $0 = 2 }
    }
    await withKnownIssue {
      await store.send(.louder)
    } matching: {
      $0.messageContains("A shared value changed in a way the test did not expect")
    }
    #expect(store.state.volume.level == 3)
    #expect(store.state.listeners == 0)
  }
}
