import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implementation of `@_CaseExtractors`, which `@Reducer` puts on `Action` enums.
///
/// It gives the enum a direct case path for each case with one unlabeled associated value, found
/// by comparing case key paths, so scoping operators extract child actions with a pattern match
/// instead of evaluating a key path for every action.
public enum CaseExtractorsMacro {}

extension CaseExtractorsMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let enumDecl = declaration.as(EnumDeclSyntax.self),
      enumDecl.genericParameterClause == nil,
      !enumDecl.declaresMember(named: "_$caseExtractor")
    else { return [] }
    let names = singleValueCaseNames(enumDecl)
    let access = enumDecl.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
    let checks = names.map { name in
      """
        if keyPath == \\CasePaths.Case<Self>.\(name) as AnyKeyPath {
          return ComposableArchitecture._$caseExtractor({ Self.\(name)($0) }) {
            guard case let .\(name)(value) = $0 else { return nil }
            return value
          }
        }
      """
    }
    return [
      """
      \(raw: access)static func _$caseExtractor(for keyPath: AnyKeyPath) -> Any? {
      \(raw: checks.joined(separator: "\n"))
        return nil
      }
      """
    ]
  }

  /// The cases that have exactly one unlabeled associated value.
  static func singleValueCaseNames(_ enumDecl: EnumDeclSyntax) -> [String] {
    enumDecl.memberBlock.members.flatMap { member -> [String] in
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
      return caseDecl.elements.compactMap { element in
        guard
          let parameters = element.parameterClause?.parameters,
          parameters.count == 1,
          let parameter = parameters.first,
          parameter.firstName == nil,
          parameter.defaultValue == nil
        else { return nil }
        return element.name.text
      }
    }
  }
}

extension CaseExtractorsMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard
      let enumDecl = declaration.as(EnumDeclSyntax.self),
      enumDecl.genericParameterClause == nil,
      requested("_FastCaseExtractable", in: protocols)
    else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): ComposableArchitecture._FastCaseExtractable {}"
      )
    ]
  }
}
