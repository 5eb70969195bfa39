import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(composableArchitectureMacros, indentationWidth: .spaces(2)))
struct MarkerMacroTests {
  @Test func observationStateIgnoredExpandsToNothing() {
    assertMacro {
      """
      struct State {
        @ObservationStateIgnored
        var cache: [Int] = []
      }
      """
    } expansion: {
      """
      struct State {
        var cache: [Int] = []
      }
      """
    }
  }

  @Test func caseMarkersExpandToNothing() {
    assertMacro {
      """
      enum Destination {
        @ReducerCaseEphemeral
        case alert(AlertState<Alert>)
        @ReducerCaseIgnored
        case meta(Int)
      }
      """
    } expansion: {
      """
      enum Destination {
        case alert(AlertState<Alert>)
        case meta(Int)
      }
      """
    }
  }
}
