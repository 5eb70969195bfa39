import ComposableArchitecture
import Testing

@Reducer
private struct Logger {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable {
    case log(String)
    case logTwiceThenSend
    case done
    case child(Child)
    @CasePathable
    enum Child: Equatable { case log(String) }
  }
  let lines: LockIsolated<[String]>
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .log(line):
        state.count += 1
        return .perform { [lines] in lines.withValue { $0.append(line) } }
      case .logTwiceThenSend:
        return .merge(
          .perform { [lines] in lines.withValue { $0.append("first") } },
          .perform { [lines] in lines.withValue { $0.append("second") } }.cancellable(id: 1),
          .send(.done)
        )
      case .done:
        return .perform { [lines] in lines.withValue { $0.append("done") } }
      case let .child(.log(line)):
        return Effect<Action.Child>.perform { [lines] in lines.withValue { $0.append(line) } }.map(Action.child)
      }
    }
  }
}

@MainActor
struct PerformTests {
  @Test func runsBeforeTestStoreSendReturns() async {
    let lines = LockIsolated<[String]>([])
    let store = TestStore(initialState: Logger.State()) { Logger(lines: lines) }
    await store.send(.log("hello")) { $0.count = 1 }
    #expect(lines.value == ["hello"])
    await store.send(.logTwiceThenSend)
    // The sent action was handled in the same pass, so its work is done too.
    #expect(lines.value == ["hello", "first", "second", "done"])
    await store.receive(.done)
    await store.send(.child(.log("mapped")))
    #expect(lines.value.last == "mapped")
  }

  @Test func runsInOrderInAStore() async {
    let lines = LockIsolated<[String]>([])
    let store = Store(initialState: Logger.State()) { Logger(lines: lines) }
    store.send(.log("a"))
    store.send(.logTwiceThenSend)
    #expect(lines.value == ["a", "first", "second", "done"])
  }

  @Test func runsInsideConcatenate() async {
    let lines = LockIsolated<[String]>([])
    let effect = Effect<Int>.concatenate(
      .perform { lines.withValue { $0.append("1") } },
      .run { _ in lines.withValue { $0.append("2") } },
      .perform { lines.withValue { $0.append("3") } }
    )
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in effect }
    }
    await store.send(0).finish()
    #expect(lines.value == ["1", "2", "3"])
  }
}
