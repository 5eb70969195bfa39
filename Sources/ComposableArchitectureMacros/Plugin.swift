import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides the Composable Architecture macros.
@main
struct ComposableArchitecturePlugin: CompilerPlugin {
  /// Every macro implemented by this plugin.
  let providingMacros: [Macro.Type] = [
    CaseExtractorsMacro.self,
    ObservableStateMacro.self,
    ObservationStateIgnoredMacro.self,
    ObservationStateTrackedMacro.self,
    PresentsMacro.self,
    ReducerMacro.self,
    ReducerCaseEphemeralMacro.self,
    ReducerCaseIgnoredMacro.self,
    ViewActionMacro.self,
  ]
}
