import SwiftSyntax

/// Access level keywords a generated member may need to repeat so that it can satisfy a
/// protocol requirement of a public or package type.
extension DeclGroupSyntax {
  /// The access modifier (`public `, `package ` or empty) that generated members should use so
  /// that they are visible wherever the type itself is. `open` types produce `public ` members.
  var generatedAccessPrefix: String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open):
        return "public "
      case .keyword(.package):
        return "package "
      default:
        continue
      }
    }
    return ""
  }

  /// The `@available` attributes of the declaration, so an extension of it can carry the same
  /// availability.
  var availabilityAttributes: String {
    attributes.compactMap { element -> String? in
      guard
        case let .attribute(attribute) = element,
        attribute.attributeName.trimmedDescription == "available"
      else { return nil }
      return attribute.trimmedDescription + "\n"
    }
    .joined()
  }

  /// Whether the inheritance clause of the declaration lists a type named `name`, either bare or
  /// qualified by `module`.
  func inherits(_ name: String, module: String) -> Bool {
    guard let inheritedTypes = inheritanceClause?.inheritedTypes else { return false }
    return inheritedTypes.contains { inherited in
      inherited.type.isNamed(name, module: module)
    }
  }

  /// Whether the member block declares a member (property, function, type or case) with the given
  /// name.
  func declaresMember(named name: String) -> Bool {
    memberBlock.members.contains { $0.decl.declaredNames.contains(name) }
  }

  /// A short description of the kind of declaration, for diagnostics ("class", "actor", ...).
  var kindDescription: String {
    switch Syntax(self).as(SyntaxEnum.self) {
    case .structDecl: return "struct"
    case .enumDecl: return "enum"
    case .classDecl: return "class"
    case .actorDecl: return "actor"
    case .protocolDecl: return "protocol"
    case .extensionDecl: return "extension"
    default: return "declaration"
    }
  }

  /// ``kindDescription`` preceded by its indefinite article ("a class", "an actor").
  var kindWithArticle: String {
    let kind = kindDescription
    return (kind.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + kind
  }
}

extension DeclSyntax {
  /// The names a member declaration introduces into its enclosing type.
  var declaredNames: [String] {
    if let variable = self.as(VariableDeclSyntax.self) {
      return variable.bindings.compactMap {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      }
    }
    if let function = self.as(FunctionDeclSyntax.self) {
      return [function.name.text]
    }
    if let typeAlias = self.as(TypeAliasDeclSyntax.self) {
      return [typeAlias.name.text]
    }
    if let structDecl = self.as(StructDeclSyntax.self) {
      return [structDecl.name.text]
    }
    if let enumDecl = self.as(EnumDeclSyntax.self) {
      return [enumDecl.name.text]
    }
    if let classDecl = self.as(ClassDeclSyntax.self) {
      return [classDecl.name.text]
    }
    if let caseDecl = self.as(EnumCaseDeclSyntax.self) {
      return caseDecl.elements.map(\.name.text)
    }
    return []
  }
}

extension TypeSyntaxProtocol {
  /// Whether this type is spelled `name` or `module.name`.
  func isNamed(_ name: String, module: String) -> Bool {
    let spelled = trimmedDescription
    return spelled == name || spelled == "\(module).\(name)"
  }

  /// The last name component of the type, ignoring generic arguments (for example `AlertState`
  /// for `ComposableArchitecture.AlertState<Action>`), and whether generic arguments were given.
  var baseName: (name: String, hasGenericArguments: Bool)? {
    if let identifier = self.as(IdentifierTypeSyntax.self) {
      return (identifier.name.text, identifier.genericArgumentClause != nil)
    }
    if let member = self.as(MemberTypeSyntax.self) {
      return (member.name.text, member.genericArgumentClause != nil)
    }
    return nil
  }
}

extension AttributeListSyntax {
  /// Whether the list contains an attribute named `name`, either bare or qualified by `module`.
  func contains(_ name: String, module: String? = nil) -> Bool {
    contains { element in
      guard case let .attribute(attribute) = element else { return false }
      if let module {
        return attribute.attributeName.isNamed(name, module: module)
      }
      return attribute.attributeName.trimmedDescription == name
    }
  }

  /// Whether the list contains an attribute that looks like a result builder (its type name ends
  /// in `Builder`, for example `@ReducerBuilder<State, Action>`).
  var containsResultBuilder: Bool {
    contains { element in
      guard
        case let .attribute(attribute) = element,
        let base = attribute.attributeName.baseName
      else { return false }
      return base.name.hasSuffix("Builder")
    }
  }
}

/// Returns the protocol in `protocols` (as passed to an extension macro by the compiler) whose
/// last name component is `name`, if any. The compiler only passes the protocols the type does not
/// already conform to.
func requested(_ name: String, in protocols: [TypeSyntax]) -> Bool {
  protocols.contains { proto in
    let spelled = proto.trimmedDescription
    return spelled == name || spelled.hasSuffix(".\(name)")
  }
}
