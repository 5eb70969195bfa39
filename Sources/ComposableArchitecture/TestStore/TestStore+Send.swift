extension TestStore {
  /// Sends an action and asserts the state change it makes.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - updateStateToExpectedResult: Changes the previous state into the expected one; leave
  ///     it out when the state must not change.
  ///   - fileID: The file of the call, where failures are reported (the caller's, by default).
  ///   - filePath: The file's path, for the same.
  ///   - line: The line of the call, for the same.
  ///   - column: The column of the call, for the same.
  /// - Returns: A task for the effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location: Location = (fileID, filePath, line, column)
    guard !self.tracker.isDismissed else {
      self.fail("Can't send action to dismissed test store.", at: location)
      return TestStoreTask(rawValue: nil, timeout: self.timeout)
    }
    if self.tracker.hasReceived {
      let received = self.tracker.removeAllReceived()
      let message = """
        Must handle \(received.count) received action\(received.count == 1 ? "" : "s") before \
        sending an action:

        \(received.map { "  • " + String(customDumping: $0.action) }.joined(separator: "\n"))
        """
      if self.exhaustivity == .on {
        self.fail(message, at: location)
      } else {
        self.skipped(message, at: location)
      }
      if let last = received.last { self.assertedState = last.state }
    }
    // NB: Exhaustively, the change is asserted from the last asserted state, which no send
    //     changes; otherwise from the store's state just before this send. (No `State?` here:
    //     in this unspecialized code every optional state costs a generic metadata look-up.)
    self.tracker.currentSend = location
    let task: StoreTask
    let actual: State
    var previous: State
    // NB: The effects this send starts, and through them those of the actions they send, join
    //     one cascade, so that cancelling the send's task ends them all. A send that starts no
    //     effect leaves the cascade empty for the next one.
    let cascade = self.nextCascade
    self.root.sendCascade = cascade
    let stackElementIDsFrom = self.stackElementIDs.nextCount
    if self.exhaustivity == .on {
      task = self.store.send(.send(action))
      actual = self.tracker.takeStateAfterSend(or: self.root.state)
      previous = self.assertedState
    } else {
      previous = self.root.state
      self.assertedState = previous
      task = self.store.send(.send(action))
      actual = self.tracker.takeStateAfterSend(or: self.root.state)
    }
    self.root.sendCascade = nil
    if task.rawValue != nil { self.nextCascade = _EffectCascade() }
    self.expectState(
      updateStateToExpectedResult, previous: consume previous, actual: actual, what: "",
      at: location, stateMaybeUnchanged: self.tracker.lastSendMaybeUnchanged,
      stackElementIDsFrom: stackElementIDsFrom
    )
    // NB: Effects that just started run now, on the store's own executor, up to their first
    //     suspension point (a clock's sleep, `withTaskCancellation`), before the test goes on.
    self.effects.runPending()
    return TestStoreTask(
      rawValue: task.rawValue, timeout: self.timeout, cascade: task.rawValue == nil ? nil : cascade)
  }

  /// Sends the action in a case key path's case, built from `value`.
  ///
  /// ```swift
  /// await store.send(\.rows[id: 1].toggle)
  /// await store.send(\.queryChanged, "blob") {
  ///   $0.query = "blob"
  /// }
  /// ```
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      action(value), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Sends the action of a case without a value.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      action(()), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }
}
