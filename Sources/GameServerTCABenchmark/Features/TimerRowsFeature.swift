import ComposableArchitecture

/// A list of rows whose `.rearm` restarts the row's timer, as a move clock or a debounce does:
/// the running sleep is cancelled and a new one starts under the same id.
@Reducer
struct TimerRows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<TimerRow.State>

    init(count: Int) {
      self.rows = IdentifiedArray(uniqueElements: (0..<count).map { TimerRow.State(id: $0) })
    }
  }

  enum Action {
    case rows(IdentifiedActionOf<TimerRow>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) {
        TimerRow()
      }
  }
}

@Reducer
struct TimerRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var armed = 0
    var fired = 0
  }

  enum Action {
    /// Re-arms the TCA way: `.run { sleep; send }`.
    case rearm
    /// Re-arms with `Effect.send(_:after:clock:)`.
    case rearmScheduled
    case fired
  }

  enum CancelID { case timer }

  /// The TCA way, for `.rearm`.
  @Dependency(\.continuousClock) var clock
  /// Resolved once per store, for `.rearmScheduled`.
  @ResolvedDependency(\.continuousClock) var resolvedClock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rearm:
        state.armed &+= 1
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(3_600))
          await send(.fired)
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .rearmScheduled:
        state.armed &+= 1
        return .send(.fired, after: .seconds(3_600), clock: resolvedClock)
          .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .fired:
        state.fired &+= 1
        return .none
      }
    }
  }
}
