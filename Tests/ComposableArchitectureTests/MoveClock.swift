import ComposableArchitecture

/// A move clock: each `arm` re-arms a 30 s timer under one id (`send(_:after:clock:)` inside
/// `.cancellable(id:cancelInFlight: true)`), which sends `expired` with the arm's number. The
/// other cases put the timer under an enclosing id, or other work under the timer's id, for
/// `TimerRearmTests`; `DelayedSendTests` arms and disarms it.
@Reducer
struct MoveClock {
  @ObservableState
  struct State: Equatable {
    var armed = 0
    var expired: [Int] = []
  }
  enum Action: Equatable {
    case arm
    case armInGroup
    case armWithFetch
    case cancelGroup
    case disarm
    case expired(Int)
  }
  enum CancelID { case group, timer }
  @ResolvedDependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .arm:
        state.armed += 1
        return .send(.expired(state.armed), after: .seconds(30), clock: self.clock)
          .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .armInGroup:
        state.armed += 1
        return .send(.expired(state.armed), after: .seconds(30), clock: self.clock)
          .cancellable(id: CancelID.timer, cancelInFlight: true)
          .cancellable(id: CancelID.group)
      case .cancelGroup:
        return .cancel(id: CancelID.group)
      case .armWithFetch:
        // Other work under the timer's id: the next re-arm must cancel it, so it cannot move.
        return .run { _ in try? await Task.never() }
          .cancellable(id: CancelID.timer)
      case .disarm:
        return .cancel(id: CancelID.timer)
      case let .expired(number):
        state.expired.append(number)
        return .none
      }
    }
  }
}
