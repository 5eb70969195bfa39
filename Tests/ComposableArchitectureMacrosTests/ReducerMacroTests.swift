import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

@Suite(.macros(composableArchitectureMacros, indentationWidth: .spaces(2)))
struct ReducerMacroTests {
  @Test func basicStruct() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {
          var count = 0
        }
        enum Action {
          case increment
        }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            .none
          }
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {
          var count = 0
        }
        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {
          case increment
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            .none
          }
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func alreadyCasePathableAndBuilder() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        @CasePathable
        enum Action {
          case tap
        }
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable
        @ComposableArchitecture._CaseExtractors
        enum Action {
          case tap
        }
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func qualifiedAttributesAreRecognized() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum State {
          case loading
        }
        @CasePaths.CasePathable
        enum Action {
          case tap
        }
        @ComposableArchitecture.ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum State {
          case loading
        }
        @CasePaths.CasePathable
        @ComposableArchitecture._CaseExtractors
        enum Action {
          case tap
        }
        @ComposableArchitecture.ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func enumState() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        enum State {
          case loading
          case loaded(Int)
        }
        enum Action {
          case tap
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @CasePaths.CasePathable @dynamicMemberLookup
        enum State {
          case loading
          case loaded(Int)
        }
        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {
          case tap
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func typealiases() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        typealias State = Int
        typealias Action = Bool
        static var body: Int { 0 }
        let body = 1
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        typealias State = Int
        typealias Action = Bool
        static var body: Int { 0 }
        let body = 1
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func alreadyConformsInInheritanceClause() {
    assertMacro {
      """
      @Reducer
      struct Feature: Reducer {
        struct State {}
        enum Action {}
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature: Reducer {
        struct State {}
        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {}
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    }
  }

  @Test func conformanceProvidedElsewhere() {
    // The compiler passes no protocols when the type already conforms (for example through an
    // extension written by hand), so no extension is generated.
    assertMacro(["Reducer": MacroSpec(type: ReducerMacro.self)]) {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        enum Action {}
      }
      """
    }
  }

  @Test func publicAndAvailability() {
    assertMacro {
      """
      @available(macOS 14, *)
      @Reducer
      public struct Feature {
        public struct State {}
        public enum Action {
          case tap
        }
        public var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      @available(macOS 14, *)
      public struct Feature {
        public struct State {}
        @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
        public enum Action {
          case tap
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        public var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      @available(macOS 14, *)
      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func diagnosesClass() {
    assertMacro {
      """
      @Reducer
      class Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum, not a class
      class Feature {
      }
      """
    }
  }

  @Test func diagnosesActorAndProtocol() {
    assertMacro {
      """
      @Reducer
      actor Feature {
      }

      @Reducer
      protocol FeatureProtocol {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum, not an actor
      actor Feature {
      }

      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum, not a protocol
      protocol FeatureProtocol {
      }
      """
    }
  }

  @Test func diagnosesArgumentsOnStruct() {
    assertMacro {
      """
      @Reducer(state: .equatable)
      struct Feature {
        struct State {}
        enum Action {}
      }
      """
    } diagnostics: {
      """
      @Reducer(state: .equatable)
               ┬────────────────
               ╰─ 🛑 '@Reducer(state:action:)' arguments are only supported on enum reducers; add conformances to the struct's 'State' and 'Action' directly
      struct Feature {
        struct State {}
        enum Action {}
      }
      """
    }
  }
}
