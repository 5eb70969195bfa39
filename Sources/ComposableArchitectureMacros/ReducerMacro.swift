import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implementation of `@Reducer`.
///
/// On a struct the macro annotates the nested `State` and `Action` types and the `body` property,
/// and conforms the struct to `Reducer`. On an enum whose cases hold child reducers it synthesizes
/// the whole feature (see ``ReducerEnumExpansion``).
public enum ReducerMacro {}

extension ReducerMacro: MemberAttributeMacro {
  /// Adds `@CasePathable` (and `@dynamicMemberLookup` for enum state) to the nested `State` and
  /// `Action` enums, and `@ReducerBuilder` to a `body` property that has no result builder yet.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      // NB: An enum reducer's own `static var body` gets the builder its cases' scopes need.
      guard let variable = member.as(VariableDeclSyntax.self),
        ReducerEnumExpansion.isStaticBody(variable),
        variable.bindings.first?.accessorBlock != nil,
        !variable.attributes.containsResultBuilder
      else { return [] }
      return ["@ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>"]
    }
    guard declaration.is(StructDeclSyntax.self) else { return [] }

    if let enumDecl = member.as(EnumDeclSyntax.self) {
      return attributes(forNestedEnum: enumDecl)
    }
    if let variable = member.as(VariableDeclSyntax.self), isBodyNeedingBuilder(variable) {
      return ["@ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>"]
    }
    return []
  }

  /// The attributes a nested `State` or `Action` enum of a reducer struct still lacks.
  private static func attributes(forNestedEnum enumDecl: EnumDeclSyntax) -> [AttributeSyntax] {
    let name = enumDecl.name.text
    guard name == "State" || name == "Action" else { return [] }

    var added: [AttributeSyntax] = []
    if !enumDecl.attributes.contains("CasePathable", module: "CasePaths") {
      added.append("@CasePaths.CasePathable")
    }
    if name == "Action", !enumDecl.attributes.contains("_CaseExtractors", module: "ComposableArchitecture") {
      added.append("@ComposableArchitecture._CaseExtractors")
    }
    if name == "State", !enumDecl.attributes.contains("dynamicMemberLookup") {
      added.append("@dynamicMemberLookup")
    }
    return added
  }

  /// Whether `variable` is the instance `body` requirement and has no result builder attribute.
  private static func isBodyNeedingBuilder(_ variable: VariableDeclSyntax) -> Bool {
    guard
      variable.bindings.count == 1,
      let binding = variable.bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      binding.accessorBlock != nil,
      !variable.modifiers.contains(where: {
        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
      })
    else { return false }
    return !variable.attributes.containsResultBuilder
  }
}

extension ReducerMacro: MemberMacro {
  /// Validates the declaration and, for enum reducers, synthesizes `State`, `Action`, `body`,
  /// `CaseScope` and `scope(_:)`.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      let arguments = ReducerArguments.parse(node, in: context)
      let analysis = ReducerEnumExpansion.analyze(enumDecl)
      for diagnostic in analysis.diagnostics {
        context.diagnose(diagnostic)
      }
      guard let arguments, analysis.diagnostics.isEmpty else { return [] }
      return ReducerEnumExpansion.members(
        of: enumDecl,
        cases: analysis.cases,
        arguments: arguments
      )
    }

    if declaration.is(StructDeclSyntax.self) {
      if let arguments = node.arguments, ReducerArguments.hasArguments(node) {
        context.diagnose(
          Diagnostic(
            node: arguments,
            message: MacroDiagnostic.error(
              "struct-arguments",
              "'@\(macroName(node))(state:action:)' arguments are only supported on enum reducers; "
                + "add conformances to the struct's 'State' and 'Action' directly"
            )
          )
        )
      }
      return []
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
}

extension ReducerMacro: ExtensionMacro {
  /// Conforms a reducer struct to `Reducer`, and an enum reducer to `CaseReducer` and `Reducer`.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    var conformances: [String] = []
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      guard ReducerEnumExpansion.analyze(enumDecl).diagnostics.isEmpty else { return [] }
      if requested("CaseReducer", in: protocols),
        !declaration.inherits("CaseReducer", module: "ComposableArchitecture")
      {
        conformances.append("ComposableArchitecture.CaseReducer")
      }
    } else if !declaration.is(StructDeclSyntax.self) {
      return []
    }
    if requested("Reducer", in: protocols),
      !declaration.inherits("Reducer", module: "ComposableArchitecture")
    {
      conformances.append("ComposableArchitecture.Reducer")
    }
    guard !conformances.isEmpty else { return [] }

    let decl: DeclSyntax = """
      \(raw: declaration.availabilityAttributes)extension \(type.trimmed): \
      \(raw: conformances.joined(separator: ", ")) {}
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}
