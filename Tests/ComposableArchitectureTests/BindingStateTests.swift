import ComposableArchitecture
import Testing

@Reducer
private struct Form {
  struct State: Equatable {
    @BindingState var profile = Profile()
    var edits = 0
  }
  struct Profile: Equatable {
    var name = ""
    var age = 0
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.$profile):
        state.edits += 1
        return .none
      case .binding:
        return .none
      }
    }
  }
}

@MainActor
struct BindingStateTests {
  @Test func aBindingStateFieldIsSetThroughItsProjection() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.set(\.$profile, Form.Profile(name: "Blob", age: 3))) {
      $0.profile = Form.Profile(name: "Blob", age: 3)
      $0.edits = 1
    }
  }

  @Test func aPartOfABindingStateFieldIsSetAndMatchedByItsOwnPath() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.binding(.set(\.$profile.name, "Blob"))) {
      $0.profile.name = "Blob"
    }
  }

  @Test func bindingActionsOfBindingStateCompareByPathAndValue() {
    #expect(BindingAction<Form.State>.set(\.$profile.age, 1) == .set(\.$profile.age, 1))
    #expect(BindingAction<Form.State>.set(\.$profile.age, 1) != .set(\.$profile.age, 2))
    let profile = Form.Profile(name: "Blob", age: 42)
    #expect(Form.Action.binding(.set(\.$profile, profile))[case: \.binding.$profile] == profile)
    #expect(Form.Action.binding(.set(\.$profile.age, 42))[case: \.binding.$profile] == nil)
  }
}
