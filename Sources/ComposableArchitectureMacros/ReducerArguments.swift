import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The conformances requested through `@Reducer(state: ..., action: ...)`.
struct ReducerArguments {
  /// Protocols the synthesized `State` enum should conform to, in the order they were written.
  var state: [String] = []
  /// Protocols the synthesized `Action` enum should conform to, in the order they were written.
  var action: [String] = []

  /// The protocol each `_SynthesizedConformance` member stands for.
  private static let protocolNames: [String: String] = [
    "equatable": "Equatable",
    "hashable": "Hashable",
    "sendable": "Sendable",
    "codable": "Codable",
  ]

  /// Whether the attribute was written with a non-empty argument list.
  static func hasArguments(_ node: AttributeSyntax) -> Bool {
    guard case let .argumentList(list) = node.arguments else { return false }
    return !list.isEmpty
  }

  /// Reads the arguments of the attribute, diagnosing anything that is not a known conformance.
  /// Returns `nil` when a diagnostic was emitted.
  static func parse(
    _ node: AttributeSyntax,
    in context: some MacroExpansionContext
  ) -> Self? {
    var result = Self()
    guard let arguments = node.arguments else { return result }
    guard case let .argumentList(list) = arguments else {
      context.diagnose(Diagnostic(node: arguments, message: invalidArgument(node)))
      return nil
    }

    var isValid = true
    var currentLabel: String?
    for argument in list {
      if let label = argument.label?.text {
        currentLabel = label
      }
      guard
        let label = currentLabel,
        label == "state" || label == "action"
      else {
        context.diagnose(Diagnostic(node: argument, message: invalidArgument(node)))
        isValid = false
        continue
      }
      guard
        let member = argument.expression.as(MemberAccessExprSyntax.self),
        member.base == nil,
        let protocolName = protocolNames[member.declName.baseName.text]
      else {
        context.diagnose(
          Diagnostic(
            node: argument.expression,
            message: MacroDiagnostic.error(
              "unknown-conformance",
              "Unsupported conformance '\(argument.expression.trimmedDescription)'; "
                + "expected one of '.equatable', '.hashable', '.sendable' or '.codable'"
            )
          )
        )
        isValid = false
        continue
      }
      if label == "state" {
        if !result.state.contains(protocolName) { result.state.append(protocolName) }
      } else {
        if !result.action.contains(protocolName) { result.action.append(protocolName) }
      }
    }
    return isValid ? result : nil
  }

  /// The diagnostic for an argument that is neither `state:` nor `action:`.
  private static func invalidArgument(_ node: AttributeSyntax) -> MacroDiagnostic {
    .error(
      "invalid-argument",
      "'@\(macroName(node))' only accepts 'state:' and 'action:' conformance lists"
    )
  }
}
