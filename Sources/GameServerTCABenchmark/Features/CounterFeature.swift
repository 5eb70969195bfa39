import ComposableArchitecture

/// The counter every case sends `.increment` to; its effect is always `.none`.
@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable {
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
