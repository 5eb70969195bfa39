import ComposableArchitecture
import Testing

@Reducer
private struct Form {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var isOn = false
    var log: [String] = []
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case resetTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        // BindingReducer ran first: the new value is already in state.
        state.log.append("name: \(state.name)")
        return .none
      case .binding(\.isOn):
        state.log.append("isOn: \(state.isOn)")
        return .none
      case .binding:
        state.log.append("other binding")
        return .none
      case .resetTapped:
        return .send(.binding(.set(\.name, "reset")))
      }
    }
  }
}

/// Bindings nested in a view action, as TCA's `ViewAction` features write them.
@Reducer
private struct ViewForm {
  @ObservableState
  struct State: Equatable {
    var code = ""
    var isValid = false
  }
  enum Action: ViewAction, Equatable {
    case view(View)
    @CasePathable
    enum View: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case submitTapped
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.binding):
        state.isValid = state.code.count >= 4
        return .none
      case .view(.submitTapped):
        return .none
      }
    }
  }
}

@MainActor
struct BindingTests {
  @Test func setBindingActionWritesState() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.binding(.set(\.name, "x"))) {
      $0.name = "x"
      $0.log = ["name: x"]
    }
    await store.send(.binding(.set(\.isOn, true))) {
      $0.isOn = true
      $0.log = ["name: x", "isOn: true"]
    }
  }

  @Test func bindingsNestedInAViewActionAreApplied() async {
    let store = TestStore(initialState: ViewForm.State()) { ViewForm() }
    await store.send(.view(.set(\.code, "12"))) { $0.code = "12" }
    await store.send(\.view.binding.code, "1234") {
      $0.code = "1234"
      $0.isValid = true
    }
    await store.send(.view(.submitTapped))
  }

  @Test func setBuildsTheBindingAction() {
    #expect(Form.Action.set(\.name, "x") == .binding(.set(\.name, "x")))
  }

  @Test func sendBindingByCaseKeyPath() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(\.binding.name, "blob") {
      $0.name = "blob"
      $0.log = ["name: blob"]
    }
    await store.send(\.binding.isOn, true) {
      $0.isOn = true
      $0.log = ["name: blob", "isOn: true"]
    }
  }

  @Test func bindingToOtherKeyPathFallsThrough() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.binding(.set(\.log, ["seed"]))) {
      $0.log = ["seed", "other binding"]
    }
  }

  @Test func receiveBindingAction() async {
    let store = TestStore(initialState: Form.State(name: "old")) { Form() }
    await store.send(.resetTapped)
    await store.receive(\.binding.name, "reset") {
      $0.name = "reset"
      $0.log = ["name: reset"]
    }
  }

  @Test func receiveBindingActionByValue() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.resetTapped)
    await store.receive(.binding(.set(\.name, "reset"))) {
      $0.name = "reset"
      $0.log = ["name: reset"]
    }
  }

  @Test func receivingWrongBindingValueFails() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.resetTapped)
    await withKnownIssue {
      await store.receive(.binding(.set(\.name, "other"))) {
        $0.name = "reset"
        $0.log = ["name: reset"]
      }
    }
  }

  @Test func bindingActionEquality() {
    let a = BindingAction<Form.State>.set(\.name, "a")
    #expect(a == .set(\.name, "a"))
    #expect(a != .set(\.name, "b"))
    #expect(BindingAction<Form.State>.set(\.isOn, true) != .set(\.isOn, false))
    #expect(Form.Action.binding(a) != .resetTapped)
  }

  @Test func bindingActionMatchesKeyPathPattern() {
    let action = Form.Action.binding(.set(\.isOn, true))
    switch action {
    case .binding(\.name):
      Issue.record("Matched the wrong key path")
    case .binding(\.isOn):
      break
    default:
      Issue.record("Did not match")
    }
    #expect(action.binding?.keyPath == \Form.State.isOn)
    #expect(Form.Action.resetTapped.binding == nil)
  }

  @Test func plainStoreAppliesBindings() {
    let store = Store(initialState: Form.State()) { Form() }
    store.send(.binding(.set(\.name, "live")))
    #expect(store.name == "live")
    #expect(store.log == ["name: live"])
  }
}
