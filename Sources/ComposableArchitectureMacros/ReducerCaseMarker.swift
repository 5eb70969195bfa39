import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Shared behaviour of the enum-case marker macros: they expand to nothing, and only check that
/// they are attached to an enum case. `@Reducer` reads them when it expands the enclosing enum.
enum ReducerCaseMarker {
  /// Diagnoses the marker when it is not attached to an enum case.
  static func validate(
    _ node: AttributeSyntax,
    attachedTo declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) {
    guard !declaration.is(EnumCaseDeclSyntax.self) else { return }
    context.diagnose(
      Diagnostic(
        node: node,
        message: MacroDiagnostic.error(
          "marker-not-on-case",
          "'@\(macroName(node))' can only be applied to a case of a '@Reducer' enum"
        )
      )
    )
  }
}
