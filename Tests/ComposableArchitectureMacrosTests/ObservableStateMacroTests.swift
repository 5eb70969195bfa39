import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

@Suite(.macros(composableArchitectureMacros, indentationWidth: .spaces(2)))
struct ObservableStateMacroTests {
  @Test func structState() {
    assertMacro {
      """
      @ObservableState
      struct State {
        var count = 0
        @Presents var destination: Destination.State?
        @ObservationStateIgnored
        var cache: [Int] = []
      }
      """
    } expansion: {
      """
      struct State {
        var count = 0
        @Presents var destination: Destination.State?
        var cache: [Int] = []

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func publicStruct() {
    assertMacro {
      """
      @ObservableState
      public struct State: Equatable {
        public var count = 0
      }
      """
    } expansion: {
      """
      public struct State: Equatable {
        public var count = 0

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func enumState() {
    assertMacro {
      """
      @ObservableState
      enum State {
        case loading
        case loaded(Child.State), failed(message: String)
        case pair(Int, String)
      }
      """
    } expansion: {
      """
      enum State {
        case loading
        case loaded(Child.State), failed(message: String)
        case pair(Int, String)

        var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case .loading:
            return ComposableArchitecture.ObservableStateID._$inert._$tag(0)
          case let .loaded(value):
            return ComposableArchitecture.ObservableStateID._$id(for: value)._$tag(1)
          case let .failed(value):
            return ComposableArchitecture.ObservableStateID._$id(for: value)._$tag(2)
          case .pair:
            return ComposableArchitecture.ObservableStateID._$inert._$tag(3)
          }
        }

        mutating func _$willModify() {
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func publicEnumState() {
    assertMacro {
      """
      @ObservableState
      public enum State {
        case idle
      }
      """
    } expansion: {
      """
      public enum State {
        case idle

        public var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case .idle:
            return ComposableArchitecture.ObservableStateID._$inert._$tag(0)
          }
        }

        public mutating func _$willModify() {
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func alreadyConforms() {
    assertMacro {
      """
      @ObservableState
      struct State: ObservableState, Observation.Observable {
        var count = 0
      }
      """
    } expansion: {
      """
      struct State: ObservableState, Observation.Observable {
        var count = 0

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }
      }
      """
    }
  }

  @Test func existingMembersAreKept() {
    assertMacro {
      """
      @ObservableState
      enum State {
        case a
        var _$id: ObservableStateID { ObservableStateID() }
      }
      """
    } expansion: {
      """
      enum State {
        case a
        var _$id: ObservableStateID { ObservableStateID() }

        mutating func _$willModify() {
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func diagnosesClass() {
    assertMacro {
      """
      @ObservableState
      class State {
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 '@ObservableState' can only be applied to a struct or an enum, not a class
      class State {
      }
      """
    }
  }
}
