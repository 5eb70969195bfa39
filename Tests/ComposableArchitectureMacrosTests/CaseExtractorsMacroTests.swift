import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(composableArchitectureMacros, indentationWidth: .spaces(2)))
struct CaseExtractorsMacroTests {
  @Test func singleValueCasesGetExtractors() {
    assertMacro {
      """
      @_CaseExtractors
      enum Action {
        case child(Child.Action)
        case tapped
        case pair(Int, String)
        case labeled(id: Int)
      }
      """
    } expansion: {
      #"""
      enum Action {
        case child(Child.Action)
        case tapped
        case pair(Int, String)
        case labeled(id: Int)

        static func _$caseExtractor(for keyPath: AnyKeyPath) -> Any? {
          if keyPath == \CasePaths.Case<Self>.child as AnyKeyPath {
            return ComposableArchitecture._$caseExtractor({
                Self.child($0)
              }) {
              guard case let .child(value) = $0 else {
                return nil
              }
              return value
            }
          }
          return nil
        }
      }

      extension Action: ComposableArchitecture._FastCaseExtractable {
      }
      """#
    }
  }

  @Test func publicEnum() {
    assertMacro {
      """
      @_CaseExtractors
      public enum Action {
        case rows(IdentifiedActionOf<Row>)
      }
      """
    } expansion: {
      #"""
      public enum Action {
        case rows(IdentifiedActionOf<Row>)

        public static func _$caseExtractor(for keyPath: AnyKeyPath) -> Any? {
          if keyPath == \CasePaths.Case<Self>.rows as AnyKeyPath {
            return ComposableArchitecture._$caseExtractor({
                Self.rows($0)
              }) {
              guard case let .rows(value) = $0 else {
                return nil
              }
              return value
            }
          }
          return nil
        }
      }

      extension Action: ComposableArchitecture._FastCaseExtractable {
      }
      """#
    }
  }
}
