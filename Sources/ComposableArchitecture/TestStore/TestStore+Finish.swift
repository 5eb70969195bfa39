extension TestStore {
  /// Waits for every running effect to finish; reports the ones that do not within the
  /// timeout.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.receive(\.loaded)
  /// await store.finish()
  /// ```
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let tracker = self.tracker
    let nanoseconds = timeout.map(\.nanoseconds) ?? self.timeout
    self.effects.runPending()
    let finished = await tracker.wait(timeout: nanoseconds) { tracker.effects.isEmpty }
    if !finished {
      for effect in tracker.effects.values {
        self.fail(Self.stillRunning(effect), at: (fileID, filePath, line, column))
      }
    }
    Self.complete(
      tracker: tracker, exhaustivity: self.exhaustivity, location: self.location,
      checkEffects: false
    )
  }

  /// Drops the actions received but not asserted, moving the asserted state to the latest.
  ///
  /// - Parameters:
  ///   - strict: Whether to report when there was nothing to skip.
  ///   - fileID: The file of the call, where failures are reported (the caller's, by default).
  ///   - filePath: The file's path, for the same.
  ///   - line: The line of the call, for the same.
  ///   - column: The column of the call, for the same.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let received = self.tracker.removeAllReceived()
    guard let last = received.last else {
      if strict {
        self.fail("There were no received actions to skip.", at: (fileID, filePath, line, column))
      }
      return
    }
    self.assertedState = last.state
  }

  /// Stops waiting for the effects in flight, as TCA does: they go on running and what they
  /// send is still received, but the test no longer has to see them finish.
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await store.skipInFlightEffects()
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(\.tick)   // the timer still runs
  /// ```
  ///
  /// - Parameters:
  ///   - strict: Whether to report when no effect was running.
  ///   - fileID: The file of the call, where failures are reported (the caller's, by default).
  ///   - filePath: The file's path, for the same.
  ///   - line: The line of the call, for the same.
  ///   - column: The column of the call, for the same.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let tracker = self.tracker
    guard !tracker.effects.isEmpty else {
      if strict {
        self.fail("There were no in-flight effects to skip.", at: (fileID, filePath, line, column))
      }
      return
    }
    tracker.forgetEffects()
  }
}

/// The effects started by one `TestStore.send(_:assert:)`.
///
/// ```swift
/// let task = await store.send(.startTimer)
/// await clock.advance(by: .seconds(1))
/// await store.receive(\.tick)
/// await task.cancel()
/// ```
public struct TestStoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?
  let timeout: UInt64
  /// Every effect the send led to: its own, and those started by the actions they sent.
  let cascade: _EffectCascade?

  init(rawValue: Task<Void, Never>?, timeout: UInt64, cascade: _EffectCascade? = nil) {
    self.rawValue = rawValue
    self.timeout = timeout
    self.cascade = cascade
  }

  /// Cancels the effects, and those started by the actions they sent (as in TCA), and waits
  /// for them to stop.
  public func cancel() async {
    let descendants = self.cascade?.cancel() ?? []
    self.rawValue?.cancel()
    await self.rawValue?.value
    for task in descendants { await task.value }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue == rhs.rawValue && lhs.timeout == rhs.timeout
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.rawValue)
    hasher.combine(self.timeout)
  }

  /// Waits for the effects to finish; reports if they are still running after the timeout.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let task = self.rawValue else { return }
    let nanoseconds = timeout.map(\.nanoseconds) ?? self.timeout
    let finished = await _finishes(task, withinNanoseconds: nanoseconds)
    if !finished {
      reportIssue(
        "Expected task to finish, but it is still in-flight after \(nanoseconds / 1_000_000) ms.",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool {
    self.rawValue?.isCancelled ?? true
  }
}

/// Whether `task` finishes within the timeout; does not wait longer than that for it.
func _finishes(_ task: Task<Void, Never>, withinNanoseconds nanoseconds: UInt64) async -> Bool {
  let outcome = LockIsolated<CheckedContinuation<Bool, Never>?>(nil)
  let resume: @Sendable (Bool) -> Void = { value in
    outcome.withValue { continuation in
      continuation?.resume(returning: value)
      continuation = nil
    }
  }
  return await withCheckedContinuation { continuation in
    outcome.setValue(continuation)
    Task {
      await task.value
      resume(true)
    }
    Task {
      try? await Task.sleep(nanoseconds: nanoseconds)
      resume(false)
    }
  }
}
