/// The work a reducer asks the store to do after it returns: send more actions, run async
/// code, or cancel work in flight.
///
/// ```swift
/// case .refreshButtonTapped:
///   return .run { send in
///     let fact = try await self.factClient.fetch(count)
///     await send(.factResponse(fact))
///   }
/// ```
public struct Effect<Action>: Sendable {
  @usableFromInline
  enum Operation: @unchecked Sendable {
    case none
    case send(Action)
    case perform(@Sendable () -> Void)
    case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
    /// `send(action)` once `after` has passed on `clock`: ``Effect/send(_:after:clock:)``.
    case delayedSend(Action, after: Duration, clock: any Clock<Duration>)
    case merge([Effect<Action>])
    /// Two effects at the same time: the most common merge, with no list to allocate.
    case mergePair(Effect<Action>, Effect<Action>)
    case concatenate([Effect<Action>])
    /// `effect` made cancellable by an id: the box is a ``CancellableEffectBox``
    /// (``Effect/cancellableParts``).
    case cancellable
    case cancel(id: EffectID)
    /// The effect of a child feature, inside the child's cancellation namespace.
    indirect case namespaced(ChildEffectsID, Effect<Action>)
    /// Another effect whose actions are transformed on the way out: the box is a
    /// ``MappedEffectBox``.
    case mapped
  }

  // NB: The operation lives in a box so that an effect is one pointer whatever the action
  // type: `.none` is `nil`, and copying or checking it costs nothing in generic code.
  @usableFromInline
  var box: EffectBox<Action>?

  @inlinable
  init(operation: Operation) {
    if case .none = operation {
      self.box = nil
    } else {
      self.box = OperationBox(operation)
    }
  }

  @inlinable
  init(box: EffectBox<Action>?) {
    self.box = box
  }

  // NB: Inlinable so that reading it in code specialized for an action type needs no look-up
  //     of `Operation`'s generic metadata.
  @inlinable
  var operation: Operation {
    self.box?.operation ?? .none
  }

  /// Whether this effect does nothing.
  @inlinable
  var isNone: Bool { self.box == nil }

  /// An effect that does nothing.
  @inlinable
  public static var none: Self {
    Self(box: nil)
  }

  /// An effect that sends an action to the store at once, before `send` returns.
  ///
  /// ```swift
  /// case .saveButtonTapped:
  ///   return .send(.delegate(.saved))
  /// ```
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// An effect that runs async work and can send any number of actions back.
  ///
  /// The dependencies in force when the effect is made are in force while it runs. A thrown
  /// error is handed to `handler`; without one, it is reported as an issue (cancellation is
  /// not an error).
  ///
  /// ```swift
  /// return .run { send in
  ///   for await event in self.events() {
  ///     await send(.event(event))
  ///   }
  /// }
  /// ```
  // NB: Inlinable so that the effect is built by code specialized for the feature's actions,
  //     without looking up generic metadata for each effect.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    // NB: The dependencies are restored with one task-local push rather than
    // `withEscapedDependencies`, whose `withDependencies` costs several pushes and copies.
    let dependencies = DependencyValues._current
    return Self(
      operation: .run(priority) { send in
        // NB: An effect cancelled before it starts (its store went away) still runs its
        // operation, which sees the cancellation, as in TCA: work it must finish is done. A
        // part of a cancelled concatenation (a debounced effect) does not.
        if Task.isCancelled, EffectRunner.isRunningSequencePart { return }
        await DependencyValues.$_current.withValue(dependencies) {
          do {
            try await operation(send)
          } catch is CancellationError {
            return
          } catch {
            if let handler {
              await handler(error, send)
            } else if !Task.isCancelled {
              _reportUnhandledEffectError(
                error, fileID: fileID, filePath: filePath, line: line, column: column
              )
            }
          }
        }
      }
    )
  }

  /// An effect that runs the given effects at the same time.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    .merge(effects)
  }

  /// An effect that runs the given effects at the same time.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    // NB: One list for three or more, made once: not a pair, then a list, then a longer list.
    var (first, second) = (Self.none, Self.none)
    var rest: [Self] = []
    for effect in effects where !effect.isNone {
      if first.isNone {
        first = effect
      } else if second.isNone {
        second = effect
      } else {
        if rest.isEmpty {
          rest.reserveCapacity(Swift.max(4, effects.underestimatedCount))
          rest.append(first)
          rest.append(second)
        }
        rest.append(effect)
      }
    }
    if !rest.isEmpty { return Self(operation: .merge(rest)) }
    return first.merge(with: second)
  }

  /// This effect and `other` at the same time.
  @inlinable
  @inline(__always)
  public func merge(with other: Self) -> Self {
    if other.isNone { return self }
    if self.isNone { return other }
    return self.merging(other)
  }

  /// Two effects that both do something, merged.
  @inlinable
  @inline(never)
  func merging(_ other: Self) -> Self {
    let counts = (self.mergedCount, other.mergedCount)
    if counts == (1, 1) { return Self(operation: .mergePair(self, other)) }
    // NB: One list, sized once: no list of either side's parts made on the way.
    var parts: [Self] = []
    parts.reserveCapacity(counts.0 + counts.1)
    self.appendMergedParts(to: &parts)
    other.appendMergedParts(to: &parts)
    return Self(operation: .merge(parts))
  }

  /// How many effects this one is as a part of a merge: its parts if it is a merge, else 1.
  @inlinable
  var mergedCount: Int {
    switch self.operation {
    case let .merge(effects): effects.count
    case .mergePair: 2
    default: 1
    }
  }

  /// Appends the effects this one merges, if it is a merge, else itself.
  @inlinable
  func appendMergedParts(to parts: inout [Self]) {
    switch self.operation {
    case let .merge(effects): parts.append(contentsOf: effects)
    case let .mergePair(first, second):
      parts.append(first)
      parts.append(second)
    default: parts.append(self)
    }
  }

  /// The effects this one merges, if it is a merge.
  @usableFromInline
  var mergedParts: [Self]? {
    switch self.operation {
    case let .merge(effects): effects
    case let .mergePair(first, second): [first, second]
    default: nil
    }
  }

  /// An effect that runs the given effects one after the other, each to completion.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self {
    .concatenate(effects)
  }

  /// An effect that runs the given effects one after the other, each to completion.
  @inlinable
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    effects.reduce(.none) { $0.concatenate(with: $1) }
  }

  /// This effect to completion, then `other`.
  @inlinable
  public func concatenate(with other: Self) -> Self {
    if other.isNone { return self }
    if self.isNone { return other }
    switch (self.operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    case let (.concatenate(lhs), .concatenate(rhs)): return Self(operation: .concatenate(lhs + rhs))
    case let (.concatenate(lhs), _): return Self(operation: .concatenate(lhs + [other]))
    case let (_, .concatenate(rhs)): return Self(operation: .concatenate([self] + rhs))
    default: return Self(operation: .concatenate([self, other]))
    }
  }
}

/// An effect of a feature's reducer: `EffectOf<Feature>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
