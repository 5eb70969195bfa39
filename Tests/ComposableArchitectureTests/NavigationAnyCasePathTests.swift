import ComposableArchitecture
import Testing

@Reducer
private struct Note {
  struct State: Equatable {
    var text = ""
  }
  enum Action: Equatable {
    case append(String)
    case appendLater(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .append(text):
        state.text += text
        return .none
      case let .appendLater(text):
        return .run { send in await send(.append(text)) }
      }
    }
  }
}

/// A reader of one note that can be closed: runs the note while reading.
@Reducer
private struct Reader {
  enum State: Equatable {
    case reading(Note.State)
    case closed
  }
  enum Action: Equatable {
    case note(Note.Action)
    case close
  }
  // NB: Deprecated itself, so that the deprecated `/` case paths it is written with do not warn;
  //     it is called through the protocol, which does not.
  @available(*, deprecated, message: "Written with the deprecated `/` case paths, as TCA's older code is.")
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .close = action { state = .closed }
      return .none
    }
    .ifCaseLet(/State.reading, action: /Action.note) { Note() }
  }
}

/// A feature that names every child with an `AnyCasePath`, as TCA's older code does.
@Reducer
private struct Notebook {
  struct State: Equatable {
    @Presents var editor: Note.State?
    var pages = StackState<Note.State>()
    var mode = Reader.State.reading(Note.State())
    var warning: AlertState<Action.Warning>?
    var log: [String] = []
  }
  enum Action: Equatable {
    case editor(PresentationAction<Note.Action>)
    case pages(StackAction<Note.State, Note.Action>)
    case mode(Reader.Action)
    case warning(Warning)
    case warn
    enum Warning: Equatable {
      case ignore
      case again
    }
  }
  // NB: Deprecated itself, so that the deprecated `/` case paths it is written with do not warn;
  //     it is called through the protocol, which does not.
  @available(*, deprecated, message: "Written with the deprecated `/` case paths, as TCA's older code is.")
  var body: some ReducerOf<Self> {
    Scope(state: \.mode, action: /Action.mode) { Reader() }
    Reduce { state, action in
      switch action {
      case .warn, .warning(.again):
        state.warning = AlertState { TextState("Careful") }
        return .none
      case let .warning(choice):
        state.log.append("\(choice)")
        return .none
      case .editor, .pages, .mode:
        return .none
      }
    }
    .ifLet(\.$editor, action: /Action.editor) { Note() }
    .forEach(\.pages, action: /Action.pages) { Note() }
    .ifLet(\.warning, action: /Action.warning)
  }
}

@MainActor
struct NavigationAnyCasePathTests {
  @Test func aPresentedChildNamedByAnAnyCasePathRuns() async {
    let store = TestStore(initialState: Notebook.State(editor: Note.State())) { Notebook() }
    await store.send(.editor(.presented(.appendLater("a"))))
    await store.receive(.editor(.presented(.append("a")))) { $0.editor?.text = "a" }
    await store.send(.editor(.dismiss)) { $0.editor = nil }
  }

  @Test func aStackNamedByAnAnyCasePathRuns() async {
    var pages = StackState<Note.State>()
    pages.append(Note.State())
    let store = TestStore(initialState: Notebook.State(pages: pages)) { Notebook() }
    await store.send(.pages(.element(id: 0, action: .append("b")))) { $0.pages[id: 0]?.text = "b" }
    await store.send(.pages(.popFrom(id: 0))) { $0.pages = StackState() }
  }

  @Test func anEnumCaseNamedByAnAnyCasePathRunsWhileItIsTheCase() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.mode(.note(.append("c")))) { $0.mode = .reading(Note.State(text: "c")) }
    await store.send(.mode(.note(.appendLater("d"))))
    await store.receive(.mode(.note(.append("d")))) {
      $0.mode = .reading(Note.State(text: "cd"))
    }
    await store.send(.mode(.close)) { $0.mode = .closed }
    await withKnownIssue {
      await store.send(.mode(.note(.append("e"))))
    } matching: {
      $0.messageContains("ifCaseLet")
    }
  }

  @Test func anOptionalAlertIsDismissedOnceItsActionIsHandled() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.warn) { $0.warning = AlertState { TextState("Careful") } }
    await store.send(.warning(.ignore)) {
      $0.warning = nil
      $0.log = ["ignore"]
    }
  }

  @Test func anOptionalAlertPresentedAgainByItsOwnActionStays() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.warn) { $0.warning = AlertState { TextState("Careful") } }
    await store.send(.warning(.again))
    #expect(store.state.warning != nil)
  }
}

private enum Page: Equatable {
  case text(String)
  case number(Int)
}

/// `/Page.text` and `/Page.number`, as TCA's older code spells them (the `/` operator is
/// deprecated: read through the protocol, it does not warn).
private protocol PageCases {
  static var text: AnyCasePath<Page, String> { get }
  static var number: AnyCasePath<Page, Int> { get }
}

private enum OldPageSpelling: PageCases {
  @available(*, deprecated, message: "The deprecated `/` case paths, as TCA's older code spells them.")
  static var text: AnyCasePath<Page, String> { /Page.text }
  @available(*, deprecated, message: "The deprecated `/` case paths, as TCA's older code spells them.")
  static var number: AnyCasePath<Page, Int> { /Page.number }
}

private var pageCases: any PageCases.Type { OldPageSpelling.self }

@MainActor
struct CaseSubscriptTests {
  @Test func aStackElementIsModifiedThroughItsCase() {
    var stack = StackState<Page>([.number(1), .text("a")])
    stack[id: 0, case: pageCases.number]? += 1
    #expect(stack[id: 0] == .number(2))
    stack[id: 1, case: pageCases.text]?.append("b")
    #expect(stack[id: 1] == .text("ab"))
  }

  @Test func settingAStackElementsCaseToNilPopsThatElementAlone() {
    var stack = StackState<Page>([.number(1), .text("a"), .number(3)])
    stack[id: 1, case: pageCases.text] = nil
    #expect(Array(stack) == [.number(1), .number(3)])
    #expect(Array(stack.ids) == [0, 2])
  }

  @Test func modifyingAnotherCaseChangesNothingAndIsReported() {
    var stack = StackState<Page>([.number(1)])
    withKnownIssue {
      stack[id: 0, case: pageCases.text]?.append("x")
    } matching: {
      $0.messageContains(#"Can't modify unrelated case "number""#)
    }
    #expect(stack[id: 0] == .number(1))
  }

  @Test func presentedStateIsModifiedAndDismissedThroughItsCase() {
    var presented = PresentationState<Page>(wrappedValue: .number(41))
    presented[case: pageCases.number]? += 1
    #expect(presented.wrappedValue == .number(42))
    presented[case: pageCases.number] = nil
    #expect(presented.wrappedValue == nil)
    withKnownIssue {
      presented[case: pageCases.number]? += 1
    } matching: {
      $0.messageContains("Can't modify unrelated case")
    }
  }
}
