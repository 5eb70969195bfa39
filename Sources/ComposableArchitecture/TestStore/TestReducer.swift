/// The reducer a ``TestStore`` runs: the feature's reducer, recording what happens.
struct TestReducer<State, Action>: Reducer {
  enum TestAction {
    case send(Action)
    case receive(Action)
  }

  let base: Reduce<State, Action>
  let tracker: TestTracker<State, Action>

  func reduce(into state: inout State, action: TestAction) -> Effect<TestAction> {
    let effect: Effect<Action>
    let origin: Action
    switch action {
    case let .send(action):
      origin = action
      effect = self.base.reduce(into: &state, action: action)
      self.tracker.didSend(state: state)
    case let .receive(action):
      origin = action
      effect = self.base.reduce(into: &state, action: action)
      self.tracker.didReceive(action, state: state)
    }
    if effect.isNone { return .none }
    let tracker = self.tracker
    let sendableOrigin = UncheckedSendable(origin)
    return
      effect
      .transformingRuns { operation in
        let id = tracker.startEffect(action: sendableOrigin.value)
        return { send in
          await operation(send)
          tracker.finishEffect(id)
        }
      }
      .map { .receive($0) }
  }
}
