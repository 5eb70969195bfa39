import ComposableArchitecture
import Testing

@Reducer
private struct Resigner {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var destination: Destination.State?
    var resigned = false
    var log: [String] = []
  }
  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case destination(PresentationAction<Destination.Action>)
    case resignTapped
    case leaveTapped
    case chainTapped
    enum Alert: Equatable {
      case confirm
      case chain
    }
  }

  @Reducer
  enum Destination {
    case dialog(ConfirmationDialogState<Dialog>)
    enum Dialog: Equatable {
      case leave
    }
  }

  static func resignAlert() -> AlertState<Action.Alert> {
    AlertState {
      TextState("Resign?")
    } actions: {
      ButtonState(role: .destructive, action: .confirm) { TextState("Resign") }
      ButtonState(action: .chain) { TextState("Ask again") }
      ButtonState(role: .cancel) { TextState("Keep playing") }
    } message: {
      TextState("Your opponent wins.")
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .resignTapped:
        state.alert = Self.resignAlert()
        return .none
      case .alert(.presented(.confirm)):
        state.resigned = true
        return .none
      case .alert(.presented(.chain)):
        // A new alert presented from the old one's action stays.
        state.alert = AlertState { TextState("Really?") }
        return .none
      case .alert(.dismiss):
        state.log.append("dismissed")
        return .none
      case .leaveTapped:
        state.destination = .dialog(
          ConfirmationDialogState(titleVisibility: .visible) {
            TextState("Leave the room?")
          } actions: {
            ButtonState(role: .destructive, action: .leave) { TextState("Leave") }
          })
        return .none
      case .destination(.presented(.dialog(.leave))):
        state.log.append("left")
        return .none
      case .chainTapped, .destination:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$destination, action: \.destination)
  }
}
extension Resigner.Destination.State: Equatable {}
extension Resigner.Destination.Action: Equatable {}

@MainActor
struct AlertTests {
  @Test func anAlertIsDismissedOnceItsActionIsHandled() async {
    let store = TestStore(initialState: Resigner.State()) { Resigner() }
    await store.send(.resignTapped) { $0.alert = Resigner.resignAlert() }
    await store.send(.alert(.presented(.confirm))) {
      $0.alert = nil
      $0.resigned = true
    }
  }

  @Test func anAlertPresentedByTheActionOfAnotherStays() async {
    let store = TestStore(initialState: Resigner.State()) { Resigner() }
    await store.send(.resignTapped) { $0.alert = Resigner.resignAlert() }
    await store.send(.alert(.presented(.chain))) { $0.alert = AlertState { TextState("Really?") } }
  }

  @Test func dismissingAnAlertRunsTheParentFirst() async {
    let store = TestStore(initialState: Resigner.State()) { Resigner() }
    await store.send(.resignTapped) { $0.alert = Resigner.resignAlert() }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
      $0.log = ["dismissed"]
    }
  }

  @Test func aDialogInAnEnumDestinationIsDismissedToo() async {
    let store = TestStore(initialState: Resigner.State()) { Resigner() }
    await store.send(.leaveTapped) {
      $0.destination = .dialog(
        ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Leave the room?")
        } actions: {
          ButtonState(role: .destructive, action: .leave) { TextState("Leave") }
        })
    }
    await store.send(.destination(.presented(.dialog(.leave)))) {
      $0.destination = nil
      $0.log = ["left"]
    }
  }

  @Test func alertsAreEqualByContentNotByID() {
    #expect(Resigner.resignAlert() == Resigner.resignAlert())
    #expect(Resigner.resignAlert().id != Resigner.resignAlert().id)
    var changed = Resigner.resignAlert()
    changed.message = TextState("You lose.")
    #expect(changed != Resigner.resignAlert())
    #expect(Set([Resigner.resignAlert(), Resigner.resignAlert()]).count == 1)
  }

  @Test func buttonsSendTheirActionsAndMap() {
    let alert = Resigner.resignAlert()
    var sent: [Resigner.Action.Alert?] = []
    for button in alert.buttons { button.withAction { sent.append($0) } }
    #expect(sent == [.confirm, .chain, nil])
    #expect(alert.buttons.map(\.role) == [.destructive, nil, .cancel])
    let mapped = alert.map { $0.map { "\($0)" } }
    #expect(mapped.buttons.map(\.action.action) == ["confirm", "chain", nil])
    #expect(mapped.title == alert.title)
  }

  @Test func buttonBuilderTakesConditionsAndLoops() {
    let canSpectate = false
    let alert = AlertState<Int> {
      TextState("Pick")
    } actions: {
      for number in 1...3 {
        ButtonState(action: number) { TextState("\(number)") }
      }
      if canSpectate {
        ButtonState(action: 0) { TextState("Watch") }
      } else {
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    #expect(alert.buttons.map { String(state: $0.label) } == ["1", "2", "3", "Cancel"])
  }

  @Test func textStateKeepsStylesAndReadsAsPlainText() {
    let text = TextState("Hello, ") + TextState("world").bold()
    #expect(String(state: text) == "Hello, world")
    #expect(text != TextState("Hello, ") + TextState("world"))
    #expect(TextState("a").italic().modifiers == [.italic])
    #expect(TextState(verbatim: "x") == TextState("x"))
  }

  @Test func alertsDumpReadably() {
    var dump = ""
    customDump(
      AlertState<Never> {
        TextState("Oops")
      } message: {
        TextState("Try again")
      }, to: &dump)
    #expect(dump.contains("title: \"Oops\""))
    #expect(dump.contains("message: \"Try again\""))
  }
}
