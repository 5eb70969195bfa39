/// Dismisses the presented feature that calls it: `@Dependency(\.dismiss) var dismiss`.
///
/// ```swift
/// case .closeButtonTapped:
///   return .run { _ in await self.dismiss() }
/// ```
///
/// The parent receives `.dismiss` for the child and the child's effects are cancelled.
/// Calling it from a feature that was not presented (with `ifLet` on `@Presents` state, or as
/// an element of a `StackState`) is reported as an issue.
public struct DismissEffect: Sendable {
  private let dismiss: (@Sendable () async -> Void)?

  /// Makes a dismiss effect that runs `dismiss`; for tests and previews.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
  }

  init() {
    self.dismiss = nil
  }

  /// Dismisses the current feature.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let dismiss = self.dismiss {
      await dismiss()
    } else if let context = PresentationContext.current {
      await context.dismiss()
    } else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but it is not presented.

        "dismiss" works from effects of a feature presented with "ifLet" on "@Presents" state, \
        or of an element of a "StackState" navigated with "forEach".
        """,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
    }
  }
}

/// The presentation an effect runs in: how it dismisses its feature.
struct PresentationContext: Sendable {
  @TaskLocal static var current: PresentationContext?
  let dismiss: @Sendable () async -> Void
}

extension Effect {
  /// Lets this child effect dismiss its feature by sending `dismissAction`.
  func dismissing(with dismissAction: Action) -> Self {
    let dismissAction = UncheckedSendable(dismissAction)
    return self.transformingRuns { operation in
      { send in
        await PresentationContext.$current.withValue(
          PresentationContext { await send(dismissAction.value) }
        ) {
          await operation(send)
        }
      }
    }
  }
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it.
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}
