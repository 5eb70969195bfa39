import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implementation of `@ObservableState`.
///
/// Observation happens at the store level in this runtime, so the macro never rewrites stored
/// properties. It only gives the type an identity (`_$id`) and a hook (`_$willModify()`):
///
/// - a struct gets a stored `ObservationStateRegistrar` that provides both;
/// - an enum derives its identity from the current case and its associated value.
public enum ObservableStateMacro {}

extension ObservableStateMacro: MemberMacro {
  /// Adds `_$observationRegistrar` (structs only), `_$id` and `_$willModify()`, skipping members
  /// the type already declares.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let access = declaration.generatedAccessPrefix
    var members: [DeclSyntax] = []

    if declaration.is(StructDeclSyntax.self) {
      if !declaration.declaresMember(named: "_$observationRegistrar") {
        members.append(
          "var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()"
        )
      }
      if !declaration.declaresMember(named: "_$id") {
        members.append(
          """
          \(raw: access)var _$id: ComposableArchitecture.ObservableStateID {
            _$observationRegistrar.id
          }
          """
        )
      }
      if !declaration.declaresMember(named: "_$willModify") {
        members.append(
          """
          \(raw: access)mutating func _$willModify() {
            _$observationRegistrar._$willModify()
          }
          """
        )
      }
      return members
    }

    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      if !declaration.declaresMember(named: "_$id") {
        members.append(enumIdentity(enumDecl, access: access))
      }
      if !declaration.declaresMember(named: "_$willModify") {
        members.append("\(raw: access)mutating func _$willModify() {}")
      }
      return members
    }

    context.diagnose(
      Diagnostic(
        node: node,
        message: MacroDiagnostic.error(
          "invalid-declaration",
          "'@\(macroName(node))' can only be applied to a struct or an enum, "
            + "not \(declaration.kindWithArticle)"
        )
      )
    )
    return []
  }

  /// The `_$id` of an enum: the identity of the associated value (or an inert identity) tagged
  /// with the index of the current case, so that changing case always changes the identity.
  private static func enumIdentity(_ enumDecl: EnumDeclSyntax, access: String) -> DeclSyntax {
    var lines: [String] = []
    var index = 0
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in caseDecl.elements {
        let name = element.name.text
        if element.parameterClause?.parameters.count == 1 {
          lines.append("case let .\(name)(value):")
          lines.append(
            "  return ComposableArchitecture.ObservableStateID._$id(for: value)._$tag(\(index))"
          )
        } else {
          lines.append("case .\(name):")
          lines.append("  return ComposableArchitecture.ObservableStateID._$inert._$tag(\(index))")
        }
        index += 1
      }
    }
    let body = (["switch self {"] + lines + ["}"]).map { "  " + $0 }.joined(separator: "\n")
    return """
      \(raw: access)var _$id: ComposableArchitecture.ObservableStateID {
      \(raw: body)
      }
      """
  }
}

extension ObservableStateMacro: ExtensionMacro {
  /// Conforms the type to `ObservableState` and `Observation.Observable` unless it already does.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) else {
      return []
    }
    var conformances: [String] = []
    if requested("ObservableState", in: protocols),
      !declaration.inherits("ObservableState", module: "ComposableArchitecture")
    {
      conformances.append("ComposableArchitecture.ObservableState")
    }
    if requested("Observable", in: protocols),
      !declaration.inherits("Observable", module: "Observation")
    {
      conformances.append("Observation.Observable")
    }
    guard !conformances.isEmpty else { return [] }

    let decl: DeclSyntax = """
      \(raw: declaration.availabilityAttributes)extension \(type.trimmed): \
      \(raw: conformances.joined(separator: ", ")) {}
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}
