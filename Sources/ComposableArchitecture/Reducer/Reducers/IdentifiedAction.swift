/// An action of one element of an identified collection: `.element(id:action:)`.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// // ...
/// await store.send(\.rows[id: 1].toggle)
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action sent to the element with the given id.
  case element(id: ID, action: Action)

  /// Case paths of an identified action: `element`, and `[id:]` for one element's actions.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The `element(id:action:)` case.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The actions of the element with the given id.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        }
      )
    }

    /// One case of an element's action, for any element.
    public subscript<AppendedAction>(
      dynamicMember keyPath: CaseKeyPath<Action, AppendedAction>
    ) -> AnyCasePath<IdentifiedAction, (id: ID, action: AppendedAction)>
    // NB: The closures make the action's enum, so its type is captured: it must be Sendable
    //     (every type's is, but for a type with a conformance isolated to an actor).
    where Action: CasePathable & SendableMetatype {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .element(id: $0.id, action: keyPath.value($0.action)) },
        extract: {
          guard case let .element(id, action) = $0, let value = action[case: keyPath.value] else {
            return nil
          }
          return (id, value)
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// The identified action of a feature whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}
