/// The actions of a presented child: its own actions, or `dismiss`.
///
/// ```swift
/// case .detail(.presented(.saveButtonTapped)):
///   state.detail = nil
///   return .none
/// case .detail(.dismiss):
///   return .none
/// ```
///
/// Case key paths reach through `presented`: `\.detail.saveButtonTapped` is the same as
/// `\.detail.presented.saveButtonTapped`.
public enum PresentationAction<Action>: CasePathable {
  /// The parent dismisses the child; the child's effects are cancelled.
  case dismiss
  /// An action of the presented child.
  indirect case presented(Action)

  /// Case paths of a presentation action.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The `dismiss` case.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }

    /// The `presented` case.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action
        }
      )
    }

    /// A case of the presented child's action.
    public subscript<AppendedAction>(
      dynamicMember keyPath: CaseKeyPath<Action, AppendedAction>
    ) -> AnyCasePath<PresentationAction, AppendedAction>
    // NB: The closures make the action's enum, so its type is captured: it must be Sendable
    //     (every type's is, but for a type with a conformance isolated to an actor).
    where Action: CasePathable & SendableMetatype {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .presented(keyPath.value($0)) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action[case: keyPath.value]
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
