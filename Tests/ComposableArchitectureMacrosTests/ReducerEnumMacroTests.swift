import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(composableArchitectureMacros, indentationWidth: .spaces(2)))
struct ReducerEnumMacroTests {
  @Test func destination() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case add(AddFeature)
        case detail(DetailFeature)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case add(AddFeature)
        case detail(DetailFeature)

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case add(AddFeature.State)
          case detail(DetailFeature.State)
        }

        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {
          case add(AddFeature.Action)
          case detail(DetailFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.add, action: \Self.Action.Cases.add) {
            AddFeature()
          }
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            DetailFeature()
          }
        }

        enum CaseScope {
          case add(ComposableArchitecture.StoreOf<AddFeature>)
          case detail(ComposableArchitecture.StoreOf<DetailFeature>)
        }

        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .add:
            return .add(store.scope(state: \.add, action: \.add)!)
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func aHandWrittenBodyIsKeptAndGetsTheBuilder() {
    assertMacro {
      #"""
      @Reducer
      enum App {
        case login(Login)

        static var body: some ReducerOf<Self> {
          Reduce { _, _ in .none }
          .ifCaseLet(\.login, action: \.login) { Login() }
        }
      }
      """#
    } expansion: {
      #"""
      enum App {
        case login(Login)
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>

        static var body: some ReducerOf<Self> {
          Reduce { _, _ in .none }
          .ifCaseLet(\.login, action: \.login) { Login() }
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = App
          case login(Login.State)
        }

        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {
          case login(Login.Action)
        }

        enum CaseScope {
          case login(ComposableArchitecture.StoreOf<Login>)
        }

        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .login:
            return .login(store.scope(state: \.login, action: \.login)!)
          }
        }
      }

      extension App: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func ephemeralIgnoredAndPlainCases() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case add(AddFeature)
        case alert(AlertState<Alert>)
        case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>)
        @ReducerCaseEphemeral
        case toast(Toast)
        @ReducerCaseIgnored
        case meta(Metadata)
        case empty
        enum Alert {
          case confirm
        }
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case add(AddFeature)
        case alert(AlertState<Alert>)
        case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>)
        case toast(Toast)
        case meta(Metadata)
        case empty
        enum Alert {
          case confirm
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case add(AddFeature.State)
          case alert(AlertState<Alert>)
          case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>)
          case toast(Toast)
          case meta(Metadata)
          case empty
        }

        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {
          case add(AddFeature.Action)
          case alert(AlertState<Alert>.Action)
          case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>.Action)
          case toast(Toast.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.add, action: \Self.Action.Cases.add) {
            AddFeature()
          }
        }

        enum CaseScope {
          case add(ComposableArchitecture.StoreOf<AddFeature>)
          case alert(AlertState<Alert>)
          case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>)
          case toast(Toast)
          case meta(Metadata)
          case empty
        }

        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .add:
            return .add(store.scope(state: \.add, action: \.add)!)
          case let .alert(v0):
            return .alert(v0)
          case let .dialog(v0):
            return .dialog(v0)
          case let .toast(v0):
            return .toast(v0)
          case let .meta(v0):
            return .meta(v0)
          case .empty:
            return .empty
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func multipleElementsInOneCase() {
    assertMacro {
      """
      @Reducer
      enum Path {
        case list(ListFeature), detail(DetailFeature<Int>)
      }
      """
    } expansion: {
      #"""
      enum Path {
        case list(ListFeature), detail(DetailFeature<Int>)

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Path
          case list(ListFeature.State)
          case detail(DetailFeature<Int>.State)
        }

        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {
          case list(ListFeature.Action)
          case detail(DetailFeature<Int>.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.list, action: \Self.Action.Cases.list) {
            ListFeature()
          }
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            DetailFeature<Int>()
          }
        }

        enum CaseScope {
          case list(ComposableArchitecture.StoreOf<ListFeature>)
          case detail(ComposableArchitecture.StoreOf<DetailFeature<Int>>)
        }

        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .list:
            return .list(store.scope(state: \.list, action: \.list)!)
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func noReducerCases() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case alert(AlertState<Never>)
        case placeholder
      }
      """
    } expansion: {
      """
      enum Destination {
        case alert(AlertState<Never>)
        case placeholder

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case alert(AlertState<Never>)
          case placeholder
        }

        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {
          case alert(AlertState<Never>.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
        }

        enum CaseScope {
          case alert(AlertState<Never>)
          case placeholder
        }

        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .alert(v0):
            return .alert(v0)
          case .placeholder:
            return .placeholder
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func emptyEnum() {
    assertMacro {
      """
      @Reducer
      enum Destination {
      }
      """
    } expansion: {
      """
      enum Destination {

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
        }

        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
        }

        enum CaseScope {
        }

        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func publicEnum() {
    assertMacro {
      """
      @Reducer
      public enum Destination {
        case add(AddFeature)
      }
      """
    } expansion: {
      #"""
      public enum Destination {
        case add(AddFeature)

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        public enum State: ComposableArchitecture.CaseReducerState {
          public typealias StateReducer = Destination
          case add(AddFeature.State)
        }

        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        public enum Action {
          case add(AddFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        public static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.add, action: \Self.Action.Cases.add) {
            AddFeature()
          }
        }

        public enum CaseScope {
          case add(ComposableArchitecture.StoreOf<AddFeature>)
        }

        public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .add:
            return .add(store.scope(state: \.add, action: \.add)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func synthesizedConformances() {
    assertMacro {
      """
      @Reducer(state: .equatable, .hashable, .sendable, .codable, action: .equatable, .sendable)
      enum Destination {
        case add(AddFeature)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case add(AddFeature)

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState, Equatable, Hashable, Sendable, Codable {
          typealias StateReducer = Destination
          case add(AddFeature.State)
        }

        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action: Equatable, Sendable {
          case add(AddFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.add, action: \Self.Action.Cases.add) {
            AddFeature()
          }
        }

        enum CaseScope {
          case add(ComposableArchitecture.StoreOf<AddFeature>)
        }

        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .add:
            return .add(store.scope(state: \.add, action: \.add)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func actionConformancesOnly() {
    assertMacro {
      """
      @Reducer(action: .hashable)
      enum Destination {
        case add(AddFeature)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case add(AddFeature)

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case add(AddFeature.State)
        }

        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action: Hashable {
          case add(AddFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.add, action: \Self.Action.Cases.add) {
            AddFeature()
          }
        }

        enum CaseScope {
          case add(ComposableArchitecture.StoreOf<AddFeature>)
        }

        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .add:
            return .add(store.scope(state: \.add, action: \.add)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func diagnosesUnknownConformance() {
    assertMacro {
      """
      @Reducer(state: .comparable, action: .equatable)
      enum Destination {
        case add(AddFeature)
      }
      """
    } diagnostics: {
      """
      @Reducer(state: .comparable, action: .equatable)
                      ┬──────────
                      ╰─ 🛑 Unsupported conformance '.comparable'; expected one of '.equatable', '.hashable', '.sendable' or '.codable'
      enum Destination {
        case add(AddFeature)
      }
      """
    }
  }

  @Test func diagnosesUnknownLabel() {
    assertMacro {
      """
      @Reducer(view: .equatable)
      enum Destination {
        case add(AddFeature)
      }
      """
    } diagnostics: {
      """
      @Reducer(view: .equatable)
               ┬───────────────
               ╰─ 🛑 '@Reducer' only accepts 'state:' and 'action:' conformance lists
      enum Destination {
        case add(AddFeature)
      }
      """
    }
  }

  @Test func diagnosesLabeledAndMultipleAssociatedValues() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case add(feature: AddFeature)
        case edit(EditFeature, Int)
        case detail(DetailFeature)
      }
      """
    } diagnostics: {
      """
      @Reducer
      enum Destination {
        case add(feature: AddFeature)
             ┬───────────────────────
             ╰─ 🛑 Enum reducer case 'add' must have exactly one unlabeled associated value (a reducer type, for example 'add(AddFeature)') or none
        case edit(EditFeature, Int)
             ┬─────────────────────
             ╰─ 🛑 Enum reducer case 'edit' must have exactly one unlabeled associated value (a reducer type, for example 'edit(EditFeature)') or none
        case detail(DetailFeature)
      }
      """
    }
  }

  @Test func markerOutsideEnumCase() {
    assertMacro {
      """
      struct Feature {
        @ReducerCaseEphemeral
        var alert: Int
        @ReducerCaseIgnored
        func help() {}
      }
      """
    } diagnostics: {
      """
      struct Feature {
        @ReducerCaseEphemeral
        ┬────────────────────
        ╰─ 🛑 '@ReducerCaseEphemeral' can only be applied to a case of a '@Reducer' enum
        var alert: Int
        @ReducerCaseIgnored
        ┬──────────────────
        ╰─ 🛑 '@ReducerCaseIgnored' can only be applied to a case of a '@Reducer' enum
        func help() {}
      }
      """
    }
  }
}
