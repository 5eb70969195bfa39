import SwiftDiagnostics
import SwiftSyntax

/// A diagnostic emitted by one of the Composable Architecture macros.
struct MacroDiagnostic: DiagnosticMessage {
  /// The human-readable text of the diagnostic.
  let message: String
  /// A stable identifier for the kind of problem, used for grouping diagnostics.
  let id: String
  /// Whether this is an error, a warning or a note.
  let severity: DiagnosticSeverity

  /// The identifier used by tooling to recognize this diagnostic.
  var diagnosticID: MessageID {
    MessageID(domain: "ComposableArchitectureMacros", id: id)
  }

  /// Creates an error diagnostic.
  static func error(_ id: String, _ message: String) -> Self {
    Self(message: message, id: id, severity: .error)
  }
}

/// A fix-it message offered alongside a ``MacroDiagnostic``.
struct MacroFixItMessage: FixItMessage {
  /// The human-readable text of the fix-it.
  let message: String
  /// A stable identifier for the fix-it.
  let id: String

  /// The identifier used by tooling to recognize this fix-it.
  var fixItID: MessageID {
    MessageID(domain: "ComposableArchitectureMacros", id: id)
  }
}

/// The name of the attribute as written (for example `Reducer` or
/// `ComposableArchitecture.Reducer`), used to phrase diagnostics the way the user spelled it.
func macroName(_ node: AttributeSyntax) -> String {
  node.attributeName.trimmedDescription
}
