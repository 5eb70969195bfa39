import ComposableArchitecture

/// One counter in a list.
@Reducer
struct Row {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }

  enum Action {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count &+= 1
        return .none
      }
    }
  }
}

/// A list of rows, with its own (idle) logic and a `forEach` over the rows.
@Reducer
struct Rows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var total = 0

    init(count: Int) {
      self.rows = IdentifiedArray(uniqueElements: (0..<count).map { Row.State(id: $0) })
    }
  }

  enum Action {
    case rows(IdentifiedActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.rows, action: \.rows) {
        Row()
      }
  }
}
