import ComposableArchitecture
import Testing

@Reducer
private struct Session {
  @ObservableState
  struct State: Equatable {
    var user: String
    var pings = 0
  }
  enum Action: Equatable {
    case startPinging
    case ping
    case logOutTapped
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startPinging:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.ping)
        }
      case .ping:
        state.pings += 1
        return .none
      case .logOutTapped:
        return .none
      }
    }
  }
}

@Reducer
private struct Root {
  @ObservableState
  enum State: Equatable {
    case session(Session.State)
    case welcome(attempts: Int)
  }
  enum Action: Equatable {
    case session(Session.Action)
    case logIn(String)
    case forceWelcome
    case reopen(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .session(.ping):
        // Runs after the child: records what the child left behind.
        if case let .session(session) = state, session.pings == 1 {
          state = .session(Session.State(user: session.user + "!", pings: session.pings))
        }
        return .none
      case .session(.logOutTapped):
        state = .welcome(attempts: 0)
        return .none
      case .session:
        return .none
      case let .logIn(user):
        state = .session(Session.State(user: user))
        return .none
      case .forceWelcome:
        state = .welcome(attempts: 1)
        return .none
      case let .reopen(user):
        state = .session(Session.State(user: user))
        return .none
      }
    }
    .ifCaseLet(\.session, action: \.session) {
      Session()
    }
  }
}

@MainActor
struct IfCaseLetTests {
  @Test func childRunsBeforeParentInItsCase() async {
    let store = TestStore(initialState: Root.State.session(Session.State(user: "blob"))) {
      Root()
    }
    await store.send(.session(.ping)) {
      $0 = .session(Session.State(user: "blob!", pings: 1))
    }
    await store.send(.session(.ping)) {
      $0 = .session(Session.State(user: "blob!", pings: 2))
    }
  }

  @Test func childEffectRunsAndFeedsBack() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Root.State.welcome(attempts: 0)) {
      Root()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.logIn("blob")) { $0 = .session(Session.State(user: "blob")) }
    await store.send(.session(.startPinging))
    await clock.advance(by: .seconds(1))
    await store.receive(.session(.ping)) {
      $0 = .session(Session.State(user: "blob!", pings: 1))
    }
  }

  @Test func leavingTheCaseCancelsChildEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Root.State.session(Session.State(user: "blob"))) {
      Root()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.session(.startPinging))
    await store.send(.forceWelcome) { $0 = .welcome(attempts: 1) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func childLeavingThroughItsOwnActionCancelsItsEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Root.State.session(Session.State(user: "blob"))) {
      Root()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.session(.startPinging))
    await store.send(.session(.logOutTapped)) { $0 = .welcome(attempts: 0) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func reenteringTheCaseWithNewStateCancelsOldEffects() async {
    let clock = SettlingTestClock()
    let store = TestStore(initialState: Root.State.session(Session.State(user: "blob"))) {
      Root()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.session(.startPinging))
    await store.send(.reopen("blob"))
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func childActionInOtherCaseReportsIssue() async {
    let store = TestStore(initialState: Root.State.welcome(attempts: 2)) { Root() }
    await withKnownIssue {
      await store.send(.session(.ping))
    } matching: {
      $0.messageContains("different case")
    }
    #expect(store.state == .welcome(attempts: 2))
  }
}
