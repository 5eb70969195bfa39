import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// One case of an enum reducer, classified by what it holds.
struct ReducerEnumCase {
  /// What a case of an enum reducer holds.
  enum Kind {
    /// A child reducer type; the case gets its state, actions and a `Scope`.
    case reducer(TypeSyntax)
    /// A value such as `AlertState<Action>`: kept in `State`, its `Action` is `<Type>.Action`.
    case ephemeral(TypeSyntax)
    /// A value kept in `State` only; it has no actions and no reducer.
    case ignored(TypeSyntax)
    /// A case without an associated value; it exists in `State` only.
    case plain
  }

  /// The case name as written (including backticks, if any).
  let name: String
  /// The classification of the case.
  let kind: Kind
}

/// Synthesizes the members of an `@Reducer` enum ("destination" or "path" style features).
enum ReducerEnumExpansion {
  /// Classifies each case of the enum, collecting diagnostics for cases that cannot be handled.
  static func analyze(
    _ enumDecl: EnumDeclSyntax
  ) -> (cases: [ReducerEnumCase], diagnostics: [Diagnostic]) {
    var cases: [ReducerEnumCase] = []
    var diagnostics: [Diagnostic] = []

    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let attributes = caseDecl.attributes
      let isEphemeral = attributes.contains(
        "ReducerCaseEphemeral", module: "ComposableArchitecture"
      )
      let isIgnored = attributes.contains("ReducerCaseIgnored", module: "ComposableArchitecture")

      for element in caseDecl.elements {
        let name = element.name.text
        guard let parameters = element.parameterClause?.parameters, !parameters.isEmpty else {
          cases.append(ReducerEnumCase(name: name, kind: .plain))
          continue
        }
        guard
          parameters.count == 1,
          let parameter = parameters.first,
          parameter.firstName == nil,
          parameter.defaultValue == nil
        else {
          diagnostics.append(
            Diagnostic(
              node: element,
              message: MacroDiagnostic.error(
                "invalid-case",
                "Enum reducer case '\(name)' must have exactly one unlabeled associated value "
                  + "(a reducer type, for example '\(name)(\(suggestedFeatureName(name)))') or none"
              )
            )
          )
          continue
        }

        let type = parameter.type.trimmed
        let kind: ReducerEnumCase.Kind
        if isIgnored {
          kind = .ignored(type)
        } else if isEphemeral || isEphemeralStateType(type) {
          kind = .ephemeral(type)
        } else {
          kind = .reducer(type)
        }
        cases.append(ReducerEnumCase(name: name, kind: kind))
      }
    }
    return (cases, diagnostics)
  }

  /// Whether the type is spelled like `AlertState<…>` or `ConfirmationDialogState<…>`: a
  /// generic type whose name ends in `State`, treated as an ephemeral (non-reducer) case.
  static func isEphemeralStateType(_ type: TypeSyntax) -> Bool {
    guard let base = type.baseName else { return false }
    return base.hasGenericArguments && base.name.hasSuffix("State")
  }

  /// A capitalized feature name for the case, used in diagnostic examples.
  private static func suggestedFeatureName(_ caseName: String) -> String {
    let bare = caseName.filter { $0 != "`" }
    return bare.prefix(1).uppercased() + bare.dropFirst() + "Feature"
  }

  /// The members generated for the enum: `State`, `Action`, `body`, `CaseScope` and `scope(_:)`.
  static func members(
    of enumDecl: EnumDeclSyntax,
    cases: [ReducerEnumCase],
    arguments: ReducerArguments
  ) -> [DeclSyntax] {
    let access = enumDecl.generatedAccessPrefix
    return [
      stateDecl(enumDecl, cases: cases, conformances: arguments.state, access: access),
      actionDecl(cases: cases, conformances: arguments.action, access: access),
      // NB: An enum that writes its own `body` (to add a `Reduce` around its cases) keeps it.
      hasStaticBody(enumDecl) ? nil : bodyDecl(cases: cases, access: access),
      caseScopeDecl(cases: cases, access: access),
      scopeFunctionDecl(cases: cases, access: access),
    ].compactMap { $0 }
  }

  /// Whether the enum declares `static var body` itself.
  static func hasStaticBody(_ enumDecl: EnumDeclSyntax) -> Bool {
    enumDecl.memberBlock.members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
      return isStaticBody(variable)
    }
  }

  /// Whether `variable` is a `static var body` with a getter.
  static func isStaticBody(_ variable: VariableDeclSyntax) -> Bool {
    variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
      && variable.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      }
  }

  /// The `State` enum, with one case per enum case.
  private static func stateDecl(
    _ enumDecl: EnumDeclSyntax,
    cases: [ReducerEnumCase],
    conformances: [String],
    access: String
  ) -> DeclSyntax {
    let inheritance = (["ComposableArchitecture.CaseReducerState"] + conformances)
      .joined(separator: ", ")
    var lines = ["\(access)typealias StateReducer = \(enumDecl.name.trimmed)"]
    for reducerCase in cases {
      switch reducerCase.kind {
      case let .reducer(type):
        lines.append("case \(reducerCase.name)(\(type).State)")
      case let .ephemeral(type), let .ignored(type):
        lines.append("case \(reducerCase.name)(\(type))")
      case .plain:
        lines.append("case \(reducerCase.name)")
      }
    }
    return """
      @CasePaths.CasePathable
      @dynamicMemberLookup
      @ComposableArchitecture.ObservableState
      \(raw: braced("\(access)enum State: \(inheritance)", lines))
      """
  }

  /// The `Action` enum, with a case for every reducer and ephemeral case.
  private static func actionDecl(
    cases: [ReducerEnumCase],
    conformances: [String],
    access: String
  ) -> DeclSyntax {
    var lines: [String] = []
    for reducerCase in cases {
      switch reducerCase.kind {
      case let .reducer(type), let .ephemeral(type):
        lines.append("case \(reducerCase.name)(\(type).Action)")
      case .ignored, .plain:
        continue
      }
    }
    let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    return """
      @CasePaths.CasePathable @ComposableArchitecture._CaseExtractors
      \(raw: braced("\(access)enum Action\(inheritance)", lines))
      """
  }

  /// The static `body`, scoping each reducer case to its child reducer.
  private static func bodyDecl(cases: [ReducerEnumCase], access: String) -> DeclSyntax {
    var lines: [String] = []
    for reducerCase in cases {
      guard case let .reducer(type) = reducerCase.kind else { continue }
      let name = reducerCase.name
      lines.append(
        """
        ComposableArchitecture.Scope(state: \\Self.State.Cases.\(name), \
        action: \\Self.Action.Cases.\(name)) {
          \(type)()
        }
        """
      )
    }
    if lines.isEmpty {
      lines.append("ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()")
    }
    let header =
      "\(access)static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action>"
    return """
      @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
      \(raw: braced(header, lines))
      """
  }

  /// The `CaseScope` enum: a store for each reducer case, the value for every other case.
  private static func caseScopeDecl(cases: [ReducerEnumCase], access: String) -> DeclSyntax {
    let lines = cases.map { reducerCase -> String in
      switch reducerCase.kind {
      case let .reducer(type):
        return "case \(reducerCase.name)(ComposableArchitecture.StoreOf<\(type)>)"
      case let .ephemeral(type), let .ignored(type):
        return "case \(reducerCase.name)(\(type))"
      case .plain:
        return "case \(reducerCase.name)"
      }
    }
    return "\(raw: braced("\(access)enum CaseScope", lines))"
  }

  /// The static `scope(_:)` function that turns a store of the enum into a `CaseScope`.
  private static func scopeFunctionDecl(cases: [ReducerEnumCase], access: String) -> DeclSyntax {
    let lines = cases.map { reducerCase -> String in
      let name = reducerCase.name
      switch reducerCase.kind {
      case .reducer:
        return """
          case .\(name):
            return .\(name)(store.scope(state: \\.\(name), action: \\.\(name))!)
          """
      case .ephemeral, .ignored:
        return """
          case let .\(name)(v0):
            return .\(name)(v0)
          """
      case .plain:
        return """
          case .\(name):
            return .\(name)
          """
      }
    }
    let switchStatement = "switch store.state {" + lines.map { "\n" + $0 }.joined() + "\n}"
    let header =
      "\(access)static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>)"
      + " -> CaseScope"
    return "\(raw: braced(header, [switchStatement]))"
  }

  /// A declaration `header { ... }` whose body is `lines`, indented by two spaces.
  private static func braced(_ header: String, _ lines: [String]) -> String {
    lines.isEmpty ? "\(header) {\n}" : "\(header) {\n\(indented(lines))\n}"
  }

  /// Joins lines, indenting every line of each entry by two spaces.
  private static func indented(_ lines: [String]) -> String {
    lines
      .flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
      .map { "  " + $0 }
      .joined(separator: "\n")
  }
}
