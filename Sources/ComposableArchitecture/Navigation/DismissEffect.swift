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
  /// What dismissal does in a feature that was not presented: a test store's root feature
  /// is dismissed as a whole.
  private let dismissRoot: (@Sendable () async -> Void)?

  /// Makes a dismiss effect that runs `dismiss`; for tests and previews.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
    self.dismissRoot = nil
  }

  init(dismissRoot: (@Sendable () async -> Void)? = nil) {
    self.dismiss = nil
    self.dismissRoot = dismissRoot
  }

  /// This effect, dismissing an unpresented feature with `dismissRoot` instead of reporting it.
  func dismissingRoot(with dismissRoot: @escaping @Sendable () async -> Void) -> Self {
    if self.dismiss != nil { return self }
    return Self(dismissRoot: dismissRoot)
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
    } else if let dismissRoot = self.dismissRoot {
      await dismissRoot()
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
