import SwiftSyntax
import SwiftSyntaxMacros

/// Implementation of `@ObservationStateIgnored`.
///
/// `@ObservableState` never instruments stored properties in this runtime, so the attribute is
/// a marker that expands to nothing. It exists so code written for TCA keeps compiling.
public enum ObservationStateIgnoredMacro: PeerMacro {
  /// Produces no declarations.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
