import ComposableArchitecture

/// Three levels of `Scope` above a ``Counter``: `.a(.b(.c(.increment)))`.
@Reducer
struct Outer {
  @ObservableState
  struct State: Equatable {
    var a = Middle.State()
  }

  enum Action {
    case a(Middle.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.a, action: \.a) {
      Middle()
    }
  }
}

@Reducer
struct Middle {
  @ObservableState
  struct State: Equatable {
    var b = Inner.State()
  }

  enum Action {
    case b(Inner.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.b, action: \.b) {
      Inner()
    }
  }
}

@Reducer
struct Inner {
  @ObservableState
  struct State: Equatable {
    var c = Counter.State()
  }

  enum Action {
    case c(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.c, action: \.c) {
      Counter()
    }
  }
}
