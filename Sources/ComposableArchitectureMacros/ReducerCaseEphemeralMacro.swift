import SwiftSyntax
import SwiftSyntaxMacros

/// Implementation of `@ReducerCaseEphemeral`: marks a case of a `@Reducer` enum as holding
/// ephemeral state (such as an alert) rather than a child reducer. Expands to nothing.
public enum ReducerCaseEphemeralMacro: PeerMacro {
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
