import ComposableArchitecture

/// `.start` runs an effect that sends `.response` back, which increments.
@Reducer
struct PingPong {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action {
    case start
    case response
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in await send(.response) }
      case .response:
        state.count &+= 1
        return .none
      }
    }
  }
}
