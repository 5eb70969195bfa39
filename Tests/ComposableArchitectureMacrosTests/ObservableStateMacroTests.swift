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
      #"""
      struct State {
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar._$access("count")
            return _count
          }
          set {
            _$observationRegistrar._$mutate("count", &_count, newValue, _$isIdentityEqual)
          }
          _modify {
            let _$oldValue = _$observationRegistrar._$beginModify("count", &_count)
            defer {
              _$observationRegistrar._$endModify("count", _count, _$oldValue, _$isIdentityEqual)
            }
            yield &_count
          }
        }

        private var _count = 0
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar._$access("destination")
            return _destination.wrappedValue
          }
          set {
            _$observationRegistrar._$mutate("destination", &_destination.wrappedValue, newValue, _$isIdentityEqual)
          }
          _modify {
            let _$oldValue = _$observationRegistrar._$beginModify("destination", &_destination.wrappedValue)
            defer {
              _$observationRegistrar._$endModify("destination", _destination.wrappedValue, _$oldValue, _$isIdentityEqual)
            }
            yield &_destination.wrappedValue
          }
        }

        private var _destination: ComposableArchitecture.PresentationState<Destination.State> = ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: nil)

        var $destination: ComposableArchitecture.PresentationState<Destination.State> {
          get {
            _destination
          }
          set {
            _destination = newValue
          }
        }
        var cache: [Int] = []

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        enum CodingKeys: String, CodingKey {
          case _count = "count"
          case _destination = "destination"
          case cache
        }

        static func _$storageKeyPath(for keyPath: AnyKeyPath) -> AnyKeyPath? {
          if keyPath == \Self.count as AnyKeyPath {
            return \Self._count
          }
          if keyPath == \Self.$destination as AnyKeyPath {
            return \Self._destination
          }
          return nil
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }

      extension State: Swift.CustomReflectable {
        public var customMirror: Swift.Mirror {
          Swift.Mirror(
            self,
            children: [
              (label: "count", value: self._count as Any),
              (label: "destination", value: self._destination as Any),
              (label: "cache", value: self.cache as Any)
            ],
            displayStyle: .struct
          )
        }
      }
      """#
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
      #"""
      public struct State: Equatable {
        public var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar._$access("count")
            return _count
          }
          set {
            _$observationRegistrar._$mutate("count", &_count, newValue, _$isIdentityEqual)
          }
          _modify {
            let _$oldValue = _$observationRegistrar._$beginModify("count", &_count)
            defer {
              _$observationRegistrar._$endModify("count", _count, _$oldValue, _$isIdentityEqual)
            }
            yield &_count
          }
        }

        private var _count = 0

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        enum CodingKeys: String, CodingKey {
          case _count = "count"
        }

        public static func _$storageKeyPath(for keyPath: AnyKeyPath) -> AnyKeyPath? {
          if keyPath == \Self.count as AnyKeyPath {
            return \Self._count
          }
          return nil
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }

      extension State: Swift.CustomReflectable {
        public var customMirror: Swift.Mirror {
          Swift.Mirror(
            self,
            children: [
              (label: "count", value: self._count as Any)
            ],
            displayStyle: .struct
          )
        }
      }
      """#
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
            return ComposableArchitecture.ObservableStateID()._$tag(0)
          case let .loaded(value):
            return ComposableArchitecture.ObservableStateID._$id(for: value)._$tag(1)
          case let .failed(value):
            return ComposableArchitecture.ObservableStateID._$id(for: value)._$tag(2)
          case .pair:
            return ComposableArchitecture.ObservableStateID()._$tag(3)
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
            return ComposableArchitecture.ObservableStateID()._$tag(0)
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
      #"""
      struct State: ObservableState, Observation.Observable {
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar._$access("count")
            return _count
          }
          set {
            _$observationRegistrar._$mutate("count", &_count, newValue, _$isIdentityEqual)
          }
          _modify {
            let _$oldValue = _$observationRegistrar._$beginModify("count", &_count)
            defer {
              _$observationRegistrar._$endModify("count", _count, _$oldValue, _$isIdentityEqual)
            }
            yield &_count
          }
        }

        private var _count = 0

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        enum CodingKeys: String, CodingKey {
          case _count = "count"
        }

        static func _$storageKeyPath(for keyPath: AnyKeyPath) -> AnyKeyPath? {
          if keyPath == \Self.count as AnyKeyPath {
            return \Self._count
          }
          return nil
        }
      }

      extension State: Swift.CustomReflectable {
        public var customMirror: Swift.Mirror {
          Swift.Mirror(
            self,
            children: [
              (label: "count", value: self._count as Any)
            ],
            displayStyle: .struct
          )
        }
      }
      """#
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

  @Test func presentsOutsideObservableStateOnlyForwards() {
    assertMacro {
      """
      struct State {
        @Presents var alert: AlertState<Action.Alert>?
      }
      """
    } expansion: {
      """
      struct State {
        var alert: AlertState<Action.Alert>? {
          @storageRestrictions(initializes: _alert)
          init(initialValue) {
            _alert = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _alert.wrappedValue
          }
          set {
            _alert.wrappedValue = newValue
          }
          _modify {
            yield &_alert.wrappedValue
          }
        }

        private var _alert: ComposableArchitecture.PresentationState<AlertState<Action.Alert>> = ComposableArchitecture.PresentationState<AlertState<Action.Alert>>(wrappedValue: nil)

        var $alert: ComposableArchitecture.PresentationState<AlertState<Action.Alert>> {
          get {
            _alert
          }
          set {
            _alert = newValue
          }
        }
      }
      """
    }
  }

  @Test func presentsNeedsAnOptionalType() {
    assertMacro {
      """
      struct State {
        @Presents var alert = 1
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var alert = 1
        ┬────────
        ╰─ 🛑 '@Presents' must be attached to a 'var' whose optional type is written out, as '@Presents var destination: Destination.State?'
      }
      """
    }
  }

  @Test func propertiesWithAttributesOrObserversAreLeftAlone() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @Shared(.inMemory("count")) var count = 0
        var observed = 0 {
          didSet { print(observed) }
        }
        let id: Int
        static var shared = 0
        var computed: Int { id }
      }
      """
    } expansion: {
      """
      struct State {
        @Shared(.inMemory("count")) var count = 0
        var observed = 0 {
          didSet { print(observed) }
        }
        let id: Int
        static var shared = 0
        var computed: Int { id }

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

  @Test func propertiesDeclaredTogetherOrWithObserversKeepTheirCodingKeys() {
    assertMacro {
      """
      @ObservableState
      struct State: Codable {
        var a = 0, b = 1
        var observed = 0 {
          didSet { print(observed) }
        }
        var count = 0
      }
      """
    } expansion: {
      #"""
      struct State: Codable {
        var a = 0, b = 1
        var observed = 0 {
          didSet { print(observed) }
        }
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar._$access("count")
            return _count
          }
          set {
            _$observationRegistrar._$mutate("count", &_count, newValue, _$isIdentityEqual)
          }
          _modify {
            let _$oldValue = _$observationRegistrar._$beginModify("count", &_count)
            defer {
              _$observationRegistrar._$endModify("count", _count, _$oldValue, _$isIdentityEqual)
            }
            yield &_count
          }
        }

        private var _count = 0

        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        enum CodingKeys: String, CodingKey {
          case a
          case b
          case observed
          case _count = "count"
        }

        static func _$storageKeyPath(for keyPath: AnyKeyPath) -> AnyKeyPath? {
          if keyPath == \Self.count as AnyKeyPath {
            return \Self._count
          }
          return nil
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }

      extension State: Swift.CustomReflectable {
        public var customMirror: Swift.Mirror {
          Swift.Mirror(
            self,
            children: [
              (label: "a", value: self.a as Any),
              (label: "b", value: self.b as Any),
              (label: "observed", value: self.observed as Any),
              (label: "count", value: self._count as Any)
            ],
            displayStyle: .struct
          )
        }
      }
      """#
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
