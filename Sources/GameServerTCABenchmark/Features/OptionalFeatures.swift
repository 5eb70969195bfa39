import ComposableArchitecture

/// Three levels of `ifLet` above a ``Counter``, each child present: `.a(.b(.c(.increment)))`.
@Reducer
struct OptionalOuter {
  @ObservableState
  struct State: Equatable {
    var a: OptionalMiddle.State? = OptionalMiddle.State()
  }

  enum Action {
    case a(OptionalMiddle.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.a, action: \.a) {
        OptionalMiddle()
      }
  }
}

@Reducer
struct OptionalMiddle {
  @ObservableState
  struct State: Equatable {
    var b: OptionalInner.State? = OptionalInner.State()
  }

  enum Action {
    case b(OptionalInner.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.b, action: \.b) {
        OptionalInner()
      }
  }
}

@Reducer
struct OptionalInner {
  @ObservableState
  struct State: Equatable {
    var c: Counter.State? = Counter.State()
  }

  enum Action {
    case c(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.c, action: \.c) {
        Counter()
      }
  }
}
