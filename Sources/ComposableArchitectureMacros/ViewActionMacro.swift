import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implementation of `@ViewAction(for:)`.
///
/// Conforms a view to `ViewActionSending`, which gives it a `send(_:)` method that wraps view
/// actions in the feature's `view` action case. The view must have a `store` property.
public enum ViewActionMacro: ExtensionMacro {
  /// Adds `extension V: ComposableArchitecture.ViewActionSending {}`, or diagnoses a declaration
  /// that is not a struct or class, or that has no `store` property.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic.error(
            "invalid-declaration",
            "'@\(macroName(node))' can only be applied to a struct or a class (a view), "
              + "not \(declaration.kindWithArticle)"
          )
        )
      )
      return []
    }

    guard declaration.declaresMember(named: "store") else {
      diagnoseMissingStore(node, declaration: declaration, type: type, in: context)
      return []
    }

    guard
      requested("ViewActionSending", in: protocols),
      !declaration.inherits("ViewActionSending", module: "ComposableArchitecture")
    else { return [] }

    let decl: DeclSyntax = """
      \(raw: declaration.availabilityAttributes)extension \(type.trimmed): \
      ComposableArchitecture.ViewActionSending {}
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }

  /// Reports the missing `store` property, with a fix-it that declares one.
  private static func diagnoseMissingStore(
    _ node: AttributeSyntax,
    declaration: some DeclGroupSyntax,
    type: some TypeSyntaxProtocol,
    in context: some MacroExpansionContext
  ) {
    let feature = featureType(node) ?? "Feature"
    let memberBlock = declaration.memberBlock
    let storeDecl = DeclSyntax("let store: StoreOf<\(raw: feature)>")
    var fixedBlock = memberBlock
    if let firstMember = memberBlock.members.first {
      let storeMember = MemberBlockItemSyntax(
        leadingTrivia: .newline + indentation(of: firstMember.leadingTrivia),
        decl: storeDecl
      )
      fixedBlock.members.insert(storeMember, at: fixedBlock.members.startIndex)
    } else {
      fixedBlock.members = [
        MemberBlockItemSyntax(leadingTrivia: .newline + .spaces(2), decl: storeDecl)
      ]
      fixedBlock.rightBrace.leadingTrivia = .newline
    }

    context.diagnose(
      Diagnostic(
        node: node,
        message: MacroDiagnostic.error(
          "missing-store",
          "'@\(macroName(node))' requires '\(type.trimmedDescription)' to have a 'store' property "
            + "of type 'StoreOf<\(feature)>'"
        ),
        fixIt: .replace(
          message: MacroFixItMessage(message: "Add 'store'", id: "add-store"),
          oldNode: memberBlock,
          newNode: fixedBlock
        )
      )
    )
  }

  /// The whitespace that ends `trivia`: the indentation of the line a member starts on.
  private static func indentation(of trivia: Trivia) -> Trivia {
    var pieces: [TriviaPiece] = []
    for piece in trivia.pieces.reversed() {
      switch piece {
      case .spaces, .tabs:
        pieces.insert(piece, at: 0)
      default:
        return Trivia(pieces: pieces)
      }
    }
    return Trivia(pieces: pieces)
  }

  /// The feature named in `for: Feature.self`, if it is spelled that way.
  private static func featureType(_ node: AttributeSyntax) -> String? {
    guard
      case let .argumentList(arguments) = node.arguments,
      let argument = arguments.first,
      let member = argument.expression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "self",
      let base = member.base
    else { return nil }
    return base.trimmedDescription
  }
}
