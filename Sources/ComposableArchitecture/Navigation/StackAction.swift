/// The actions of a navigation stack: an element's action, a pop, or a push.
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// // ...
/// case let .path(.element(id, action: .detail(.saveTapped))):
///   state.path.pop(from: id)
/// ```
public enum StackAction<State, Action>: CasePathable {
  /// An action of the element with the given id.
  indirect case element(id: StackElementID, action: Action)
  /// Pops the element with the given id and all elements above it.
  case popFrom(id: StackElementID)
  /// Pushes an element with the given id, which must be the next id the stack would make.
  indirect case push(id: StackElementID, state: State)

  /// Case paths of a stack action.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The `element(id:action:)` case.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The `popFrom(id:)` case.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case let .popFrom(id) = $0 else { return nil }
          return id
        }
      )
    }

    /// The `push(id:state:)` case.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case let .push(id, state) = $0 else { return nil }
          return (id, state)
        }
      )
    }

    /// The actions of the element with the given id.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
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
    ) -> AnyCasePath<StackAction, (id: StackElementID, action: AppendedAction)>
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

/// The stack action of a feature.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
