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
      let before = StateFingerprint(of: &state)
      effect = self.base.reduce(into: &state, action: action)
      self.tracker.didSend(state: state, maybeUnchanged: StateFingerprint(of: &state) == before)
    case let .receive(action):
      origin = action
      let before = StateFingerprint(of: &state)
      effect = self.base.reduce(into: &state, action: action)
      self.tracker.didReceive(
        action, state: state, maybeUnchanged: StateFingerprint(of: &state) == before)
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
