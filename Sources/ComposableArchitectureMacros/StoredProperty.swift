import SwiftSyntax

/// One stored instance property of a struct (`var count = 0`, `let id: UUID`), as the
/// observation macros see it.
struct StoredProperty {
  let declaration: VariableDeclSyntax
  let name: String
  let binding: PatternBindingSyntax

  /// The property `binding` of `declaration` declares, when it is a stored instance property:
  /// not `static` or `lazy`, and with no accessors other than `willSet`/`didSet` observers.
  init?(_ declaration: VariableDeclSyntax, binding: PatternBindingSyntax) {
    guard
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
      !declaration.modifiers.contains(where: {
        [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
      })
    else { return nil }
    switch binding.accessorBlock?.accessors {
    case nil:
      break
    case let .accessors(accessors):
      let observers: [TokenKind] = [.keyword(.willSet), .keyword(.didSet)]
      guard accessors.allSatisfy({ observers.contains($0.accessorSpecifier.tokenKind) }) else {
        return nil
      }
    case .getter:
      return nil
    }
    self.declaration = declaration
    self.name = identifier.identifier.text
    self.binding = binding
  }

  /// Whether the macros can make it observed: it is the only property its declaration declares,
  /// and it has no observers (a macro can't add accessors beside them).
  var isSingleAndPlain: Bool {
    declaration.bindings.count == 1 && binding.accessorBlock == nil
  }

  /// Whether it is declared with `var`.
  var isVariable: Bool {
    declaration.bindingSpecifier.tokenKind == .keyword(.var)
  }

  /// The name of the stored property that holds its value once an observation macro has made it
  /// computed.
  var storageName: String { "_" + name.trimmingBackticks }

  /// Whether the property carries an attribute (a property wrapper or a macro) named `name`.
  func has(attribute name: String) -> Bool {
    declaration.attributes.contains(name) || declaration.attributes.contains(name, module: "ComposableArchitecture")
  }

  /// Whether the property carries any attribute at all.
  var hasAttributes: Bool { !declaration.attributes.isEmpty }

  /// The stored property that backs this one once it is computed: `_name`, private, with the
  /// given type and initial value, marked `@ObservationStateIgnored`.
  func storage(type: String?, initializer: String?) -> DeclSyntax {
    let annotation = type.map { ": \($0)" } ?? ""
    let value = initializer.map { " = \($0)" } ?? ""
    return """
      @ObservationStateIgnored private var \(raw: storageName)\(raw: annotation)\(raw: value)
      """
  }

  /// The property's type as written, if it is annotated.
  var typeAnnotation: String? {
    binding.typeAnnotation?.type.trimmedDescription
  }

  /// The property's initial value as written, if it has one.
  var initialValue: String? {
    binding.initializer?.value.trimmedDescription
  }

  /// The access modifiers (`public`, `private(set)`, ...) of the declaration, as written.
  var accessModifiers: String {
    declaration.modifiers
      .filter {
        [
          .keyword(.public), .keyword(.package), .keyword(.internal), .keyword(.fileprivate),
          .keyword(.private), .keyword(.open),
        ].contains($0.name.tokenKind)
      }
      .map { $0.trimmedDescription + " " }
      .joined()
  }
}

extension StoredProperty {
  /// The stored `var` that `declaration` declares, if it declares one alone and without
  /// observers: what the observation macros can make observed.
  static func variable(_ declaration: some DeclSyntaxProtocol) -> StoredProperty? {
    guard
      let variable = declaration.as(VariableDeclSyntax.self),
      variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let property = StoredProperty(variable, binding: binding),
      property.isVariable,
      property.isSingleAndPlain
    else { return nil }
    return property
  }

  /// The stored properties a type declares, in order, one for each name.
  static func all(in declaration: some DeclGroupSyntax) -> [StoredProperty] {
    declaration.memberBlock.members.flatMap { member -> [StoredProperty] in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return [] }
      return variable.bindings.compactMap { StoredProperty(variable, binding: $0) }
    }
  }

  /// Whether the observation macros move it to `_name` storage: a lone `var` without observers
  /// and without an attribute of its own (it becomes `@ObservationStateTracked`), or a
  /// `@Presents` one.
  var movesToStorage: Bool {
    isVariable && isSingleAndPlain && (!hasAttributes || has(attribute: "Presents"))
  }
}

extension String {
  /// The name without the backticks that escape a keyword (`` `default` `` is `default`).
  var trimmingBackticks: String {
    hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
  }
}

extension Syntax {
  /// Whether the innermost type around this node is a struct marked `@ObservableState`.
  static func isInObservableState(_ lexicalContext: [Syntax]) -> Bool {
    guard let type = lexicalContext.first(where: { $0.isProtocol((any DeclGroupSyntax).self) })
    else { return false }
    guard let structDecl = type.as(StructDeclSyntax.self) else { return false }
    return structDecl.attributes.contains("ObservableState")
      || structDecl.attributes.contains("ObservableState", module: "ComposableArchitecture")
  }
}
