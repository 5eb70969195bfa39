import ComposableArchitectureMacros
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion

/// The macros under test, with the conformances the compiler would ask each extension macro to
/// add for a type that does not conform yet.
let composableArchitectureMacros: [String: MacroSpec] = [
  "_CaseExtractors": MacroSpec(
    type: CaseExtractorsMacro.self,
    conformances: ["_FastCaseExtractable"]
  ),
  "ObservableState": MacroSpec(
    type: ObservableStateMacro.self,
    conformances: ["ObservableState", "Observable", "CustomReflectable"]
  ),
  "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnoredMacro.self),
  "ObservationStateTracked": MacroSpec(type: ObservationStateTrackedMacro.self),
  "Presents": MacroSpec(type: PresentsMacro.self),
  "Reducer": MacroSpec(type: ReducerMacro.self, conformances: ["Reducer", "CaseReducer"]),
  "ReducerCaseEphemeral": MacroSpec(type: ReducerCaseEphemeralMacro.self),
  "ReducerCaseIgnored": MacroSpec(type: ReducerCaseIgnoredMacro.self),
  "ViewAction": MacroSpec(type: ViewActionMacro.self, conformances: ["ViewActionSending"]),
]
