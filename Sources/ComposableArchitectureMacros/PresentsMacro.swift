import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Implementation of `@Presents`: `@Presents var destination: Destination.State?`.
///
/// The property becomes computed over a private `_destination: PresentationState<...>`, and a
/// `$destination` property gives the presentation state itself (for `ifLet(\.$destination, ...)`).
/// Inside an `@ObservableState` struct its accessors also tell observers, as a tracked property's
/// do; elsewhere they only forward.
public enum PresentsMacro {}

extension PresentsMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = presentedProperty(declaration) else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic.error(
            "presents-declaration",
            "'@\(macroName(node))' must be attached to a 'var' whose optional type is written "
              + "out, as '@Presents var destination: Destination.State?'"
          )
        )
      )
      return []
    }
    let storage = property.storageName
    let initialValue = "ComposableArchitecture.PresentationState(wrappedValue: initialValue)"
    if Syntax.isInObservableState(context.lexicalContext) {
      return ObservationStateTrackedMacro.observedAccessors(
        name: property.name, storage: storage, value: ".wrappedValue", initialValue: initialValue
      )
    }
    return [
      ObservationStateTrackedMacro.initAccessor(storage: storage, initialValue: initialValue),
      """
      get {
        \(raw: storage).wrappedValue
      }
      """,
      """
      set {
        \(raw: storage).wrappedValue = newValue
      }
      """,
      """
      _modify {
        yield &\(raw: storage).wrappedValue
      }
      """,
    ]
  }
}

extension PresentsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let property = presentedProperty(declaration),
      let type = property.typeAnnotation.flatMap(presentedType)
    else { return [] }
    let presentation = "ComposableArchitecture.PresentationState<\(type)>"
    let initialValue = property.initialValue ?? "nil"
    return [
      property.storage(
        type: presentation, initializer: "\(presentation)(wrappedValue: \(initialValue))"),
      """
      \(raw: property.accessModifiers)var $\(raw: property.name.trimmingBackticks): \(raw: presentation) {
        get { \(raw: property.storageName) }
        set { \(raw: property.storageName) = newValue }
      }
      """,
    ]
  }

  /// The property `@Presents` is attached to, if it can be: a single optional `var` with its
  /// type written.
  private static func presentedProperty(_ declaration: some DeclSyntaxProtocol) -> StoredProperty? {
    guard
      let property = StoredProperty.variable(declaration),
      property.typeAnnotation.flatMap(presentedType) != nil
    else { return nil }
    return property
  }

  /// `T` for a type written `T?` or `Optional<T>`.
  private static func presentedType(_ written: String) -> String? {
    if written.hasSuffix("?") { return String(written.dropLast()) }
    for prefix in ["Optional<", "Swift.Optional<"]
    where written.hasPrefix(prefix) && written.hasSuffix(">") {
      return String(written.dropFirst(prefix.count).dropLast())
    }
    return nil
  }
}
