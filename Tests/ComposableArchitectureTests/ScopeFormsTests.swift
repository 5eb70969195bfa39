import ComposableArchitecture
import Testing

@Reducer
private struct Row {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var isOn = false
  }
  enum Action: Equatable {
    case toggle
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggle:
        state.isOn.toggle()
        return .none
      }
    }
  }
}

@Reducer
private struct Rows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var title = ""
  }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case remove(Int)
    case rename(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .remove(id):
        state.rows.remove(id: id)
        return .none
      case let .rename(title):
        state.title = title
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Row() }
  }
}

@MainActor
struct ScopeFormsTests {
  @Test func aCollectionScopeHasAStorePerElement() {
    let store = Store(initialState: Rows.State(rows: [Row.State(id: 1), Row.State(id: 2)])) {
      Rows()
    }
    let rowStores = store.scope(state: \.rows, action: \.rows)
    #expect(rowStores.count == 2)
    #expect(rowStores.map(\.id) == [1, 2])
    rowStores[1].send(.toggle)
    #expect(store.rows[id: 2]?.isOn == true)
    #expect(store.rows[id: 1]?.isOn == false)
  }

  @Test func anElementStoreKeepsItsLastValueOnceRemoved() {
    let store = Store(initialState: Rows.State(rows: [Row.State(id: 1, isOn: true)])) { Rows() }
    let rowStore = store.scope(state: \.rows, action: \.rows)[0]
    store.send(.remove(1))
    #expect(rowStore.isOn == true)
    #expect(store.rows.isEmpty)
  }

  @Test func closureScopesReadAndSendThroughTheParent() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let title = store.scope(state: { $0.title }, action: { Rows.Action.rename($0) })
    title.send("Games")
    #expect(title.withState { $0 } == "Games")
    #expect(store.title == "Games")
  }

  @Test func perceptionTrackingIsObservationTracking() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let changed = LockIsolated(false)
    let title = withPerceptionTracking {
      store.title
    } onChange: {
      changed.setValue(true)
    }
    #expect(title == "")
    #expect(!changed.value)
    store.send(.rename("x"))
    #expect(changed.value)
  }
}
