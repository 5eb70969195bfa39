import SwiftSyntax
import SwiftSyntaxMacros

/// Implementation of `@ObservationStateTracked`, which ``ObservableStateMacro`` puts on each
/// stored `var` of a struct.
///
/// The property becomes computed over a private `_name` storage, with an `init` accessor so that
/// the memberwise initializer keeps its parameter. Its getter records reads and its setter and
/// `_modify` tell observers, through the struct's `_$observationRegistrar`.
public enum ObservationStateTrackedMacro {}

extension ObservationStateTrackedMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = StoredProperty.variable(declaration) else { return [] }
    return observedAccessors(name: property.name, storage: property.storageName, value: "")
  }

  /// The accessors of an observed property whose value is `storage` followed by `value` (empty,
  /// or `.wrappedValue` for presentation state).
  static func observedAccessors(
    name: String, storage: String, value: String, initialValue: String = "initialValue"
  ) -> [AccessorDeclSyntax] {
    let field = "\"\(name.trimmingBackticks)\""
    let place = storage + value
    return [
      initAccessor(storage: storage, initialValue: initialValue),
      """
      get {
        _$observationRegistrar._$access(\(raw: field))
        return \(raw: place)
      }
      """,
      """
      set {
        _$observationRegistrar._$mutate(\(raw: field), &\(raw: place), newValue, _$isIdentityEqual)
      }
      """,
      """
      _modify {
        let _$oldValue = _$observationRegistrar._$beginModify(\(raw: field), &\(raw: place))
        defer {
          _$observationRegistrar._$endModify(\(raw: field), \(raw: place), _$oldValue, _$isIdentityEqual)
        }
        yield &\(raw: place)
      }
      """,
    ]
  }
}

extension ObservationStateTrackedMacro {
  /// The `init` accessor that lets a computed property initialize its `storage` (so that the
  /// memberwise initializer keeps the property's parameter) with `initialValue`.
  static func initAccessor(storage: String, initialValue: String) -> AccessorDeclSyntax {
    """
    @storageRestrictions(initializes: \(raw: storage))
    init(initialValue) {
      \(raw: storage) = \(raw: initialValue)
    }
    """
  }
}

extension ObservationStateTrackedMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = StoredProperty.variable(declaration) else { return [] }
    return [property.storage(type: property.typeAnnotation, initializer: property.initialValue)]
  }
}
