import SwiftSyntax
import SwiftSyntaxMacros

/// Implementation of `@ReducerCaseIgnored`: marks a case of a `@Reducer` enum as plain state that
/// has no actions and no reducer. Expands to nothing.
public enum ReducerCaseIgnoredMacro: PeerMacro {
  /// Produces no declarations; diagnoses use outside an enum case.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    ReducerCaseMarker.validate(node, attachedTo: declaration, in: context)
    return []
  }
}
