import ComposableArchitecture
import Testing

/// A feature that presents another of itself.
@Reducer
private struct Folder {
  struct State: Equatable {
    var depth = 0
    @Presents var child: Folder.State?
  }
  indirect enum Action: Equatable {
    case open
    case child(PresentationAction<Folder.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open:
        state.child = Folder.State(depth: state.depth + 1)
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Folder() }
  }
}

/// A parent whose destination is a plain enum (not `@ObservableState`) of an alert or a dialog.
@Reducer
private struct Chooser {
  struct State: Equatable {
    @Presents var destination: Destination?
  }
  enum Destination: Equatable {
    case alert(AlertState<Choice>)
    case dialog(ConfirmationDialogState<Choice>)
  }
  enum Choice: Equatable {
    case toDialog
    case done
  }
  enum DestinationAction: Equatable {
    case alert(Choice)
    case dialog(Choice)
  }
  enum Action: Equatable {
    case showAlert
    case destination(PresentationAction<DestinationAction>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showAlert:
        state.destination = .alert(AlertState { TextState("Pick") })
        return .none
      case .destination(.presented(.alert(.toDialog))):
        state.destination = .dialog(ConfirmationDialogState { TextState("Sure?") })
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) {
      EmptyReducer()
    }
  }
}

@MainActor
struct RecursivePresentationTests {
  @Test func aFeaturePresentsItselfAndRunsAtEveryDepth() async {
    let store = TestStore(initialState: Folder.State()) { Folder() }
    await store.send(.open) { $0.child = Folder.State(depth: 1) }
    await store.send(.child(.presented(.open))) { $0.child?.child = Folder.State(depth: 2) }
    await store.send(.child(.presented(.child(.presented(.open))))) {
      $0.child?.child?.child = Folder.State(depth: 3)
    }
    await store.send(.child(.presented(.child(.dismiss)))) { $0.child?.child = nil }
  }

  @Test func anAlertThatPresentsADialogInAPlainEnumDestinationLeavesTheDialog() async {
    let store = TestStore(initialState: Chooser.State()) { Chooser() }
    await store.send(.showAlert) { $0.destination = .alert(AlertState { TextState("Pick") }) }
    await store.send(.destination(.presented(.alert(.toDialog)))) {
      $0.destination = .dialog(ConfirmationDialogState { TextState("Sure?") })
    }
    await store.send(.destination(.presented(.dialog(.done)))) { $0.destination = nil }
  }
}
