import SwiftSyntax
import SwiftSyntaxMacros

/// Implementation of `@ObservationStateIgnored`.
///
/// A marker that expands to nothing: `@ObservableState` leaves properties that carry it as they
/// are written.
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
