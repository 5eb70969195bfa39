import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implementation of `@ObservableState`.
///
/// - A struct gets a stored `ObservationStateRegistrar`, which gives it an identity (`_$id`) and
///   a hook (`_$willModify()`), and each of its stored `var`s is marked
///   `@ObservationStateTracked`, so that reading and changing it can be observed. Its
///   `CodingKeys` keep the properties' own names, so that synthesized `Codable` conformances
///   read and write what they did before the properties moved to `_name` storage.
/// - An enum derives its identity from the current case and its associated value.
public enum ObservableStateMacro {}

extension ObservableStateMacro: MemberAttributeMacro {
  /// Marks each stored `var` of a struct that carries no attribute of its own (a property
  /// wrapper, `@Presents`, `@ObservationStateIgnored`) as `@ObservationStateTracked`.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard
      declaration.is(StructDeclSyntax.self),
      let property = StoredProperty.variable(member),
      !property.hasAttributes
    else { return [] }
    return ["@ObservationStateTracked"]
  }
}

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
      if !declaration.declaresMember(named: "CodingKeys"), let codingKeys = codingKeys(declaration) {
        members.append(codingKeys)
      }
      if !declaration.declaresMember(named: "_$storageKeyPath"),
        let storage = storageKeyPaths(declaration, access: access)
      {
        members.append(storage)
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

  /// The coding keys of a struct whose stored properties the macros move to `_name` storage:
  /// each such property is coded under its own name, every other stored property as before.
  /// `nil` when no property moves.
  private static func codingKeys(_ declaration: some DeclGroupSyntax) -> DeclSyntax? {
    let properties = StoredProperty.all(in: declaration)
    guard properties.contains(where: \.movesToStorage) else { return nil }
    let cases = properties.map { property in
      property.movesToStorage
        ? "case \(property.storageName) = \"\(property.name.trimmingBackticks)\""
        : "case \(property.name)"
    }
    let body = cases.map { "  " + $0 }.joined(separator: "\n")
    return """
      enum CodingKeys: String, CodingKey {
      \(raw: body)
      }
      """
  }

  /// The map from each moved property's key path to its storage's (`\Self.$destination` for a
  /// presented child), so that reducers can reach child state in place. `nil` when no property
  /// moves.
  private static func storageKeyPaths(
    _ declaration: some DeclGroupSyntax, access: String
  ) -> DeclSyntax? {
    var lines: [String] = []
    for property in StoredProperty.all(in: declaration) where property.movesToStorage {
      let storage = "\\Self.\(property.storageName)"
      if !property.hasAttributes {
        lines.append("if keyPath == \\Self.\(property.name) as AnyKeyPath { return \(storage) }")
      } else if property.has(attribute: "Presents") {
        let projected = "\\Self.$\(property.name.trimmingBackticks)"
        lines.append("if keyPath == \(projected) as AnyKeyPath { return \(storage) }")
      }
    }
    guard !lines.isEmpty else { return nil }
    let body = (lines + ["return nil"]).map { "  " + $0 }.joined(separator: "\n")
    return """
      \(raw: access)static func _$storageKeyPath(for keyPath: AnyKeyPath) -> AnyKeyPath? {
      \(raw: body)
      }
      """
  }

  /// The `_$id` of an enum: the identity of the associated value tagged with the index of the
  /// current case, so that changing case always changes the identity. A case whose value is not
  /// observable state (or that has none) gets a fresh identity each time, so that assigning it
  /// is always a change.
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
          lines.append("  return ComposableArchitecture.ObservableStateID()._$tag(\(index))")
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
    var extensions: [ExtensionDeclSyntax] = []
    if !conformances.isEmpty {
      let decl: DeclSyntax = """
        \(raw: declaration.availabilityAttributes)extension \(type.trimmed): \
        \(raw: conformances.joined(separator: ", ")) {}
        """
      extensions.append(decl.cast(ExtensionDeclSyntax.self))
    }
    if requested("CustomReflectable", in: protocols),
      !declaration.inherits("CustomReflectable", module: "Swift"),
      let mirror = reflection(of: declaration, type: type, in: context)
    {
      extensions.append(mirror)
    }
    return extensions
  }

  /// A mirror that shows a struct's properties under their own names, as they were before the
  /// macros moved them to `_name` storage (so that dumps and test failures read `count: 1`).
  /// `nil` when no property moves.
  private static func reflection(
    of declaration: some DeclGroupSyntax,
    type: some TypeSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> ExtensionDeclSyntax? {
    let properties = StoredProperty.all(in: declaration)
    guard
      declaration.is(StructDeclSyntax.self),
      properties.contains(where: \.movesToStorage)
    else { return nil }
    var children: [String] = []
    for property in properties {
      let name = property.name.trimmingBackticks
      if property.movesToStorage {
        children.append("(label: \"\(name)\", value: self.\(property.storageName) as Any)")
      } else if property.hasAttributes && !property.has(attribute: "ObservationStateIgnored") {
        // NB: A property wrapper's storage, as a mirror showed it before.
        children.append(
          "(label: \"\(property.storageName)\", value: self.\(property.storageName) as Any)")
      } else {
        children.append("(label: \"\(name)\", value: self.\(property.name) as Any)")
      }
    }
    let list = children.map { "        " + $0 }.joined(separator: ",\n")
    let decl: DeclSyntax = """
      \(raw: declaration.availabilityAttributes)extension \(type.trimmed): Swift.CustomReflectable {
        public var customMirror: Swift.Mirror {
          Swift.Mirror(
            self,
            children: [
      \(raw: list)
            ],
            displayStyle: .struct
          )
        }
      }
      """
    return decl.cast(ExtensionDeclSyntax.self)
  }
}
