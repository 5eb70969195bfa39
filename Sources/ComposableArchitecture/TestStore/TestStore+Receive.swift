extension TestStore {
  /// Asserts that an effect sent `expectedAction`, and the state change it made.
  ///
  /// ```swift
  /// await store.receive(.response(42)) {
  ///   $0.value = 42
  /// }
  /// ```
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await self.receiveAction(
      matching: { $0 == expectedAction },
      describing: { expected in
        diff(expectedAction, expected, format: .proportional).map {
          "\($0.indent(by: 2))\n\n(Expected: −, Received: +)"
        } ?? String(customDumping: expected)
      },
      expected: String(customDumping: expectedAction),
      timeout: timeout, assert: updateStateToExpectedResult,
      location: (fileID, filePath, line, column)
    )
  }

  /// Asserts that an effect sent an action in the given case.
  ///
  /// ```swift
  /// await store.receive(\.response) {
  ///   $0.value = 42
  /// }
  /// ```
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let extractor = CaseExtractor(actionCase)
    await self.receiveCase(
      matching: { extractor.extract($0) != nil }, timeout: timeout,
      assert: updateStateToExpectedResult, location: (fileID, filePath, line, column)
    )
  }

  /// Asserts that an effect sent an action in the case an `AnyCasePath` names (TCA's older
  /// form; new code passes a case key path).
  ///
  /// ```swift
  /// await store.receive(/Action.response) { $0.value = 42 }
  /// ```
  public func receive<Value>(
    _ casePath: AnyCasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receiveCase(
      matching: { casePath.extract(from: $0) != nil }, timeout: timeout,
      assert: updateStateToExpectedResult, location: (fileID, filePath, line, column)
    )
  }

  /// Receives an action in a case, however the case is named.
  private func receiveCase(
    matching isInCase: (Action) -> Bool,
    timeout: Duration?,
    assert mutation: ((inout State) throws -> Void)?,
    location: Location
  ) async {
    await self.receiveAction(
      matching: isInCase,
      describing: { String(customDumping: $0) },
      expected: "an action matching case path",
      timeout: timeout, assert: mutation, location: location
    )
  }

  /// Asserts that an effect sent an action in the given case, with the given value.
  ///
  /// ```swift
  /// await store.receive(\.response, 42) {
  ///   $0.value = 42
  /// }
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let extractor = CaseExtractor(actionCase)
    await self.receiveAction(
      matching: { extractor.extract($0) == value },
      describing: { String(customDumping: $0) },
      expected: String(customDumping: actionCase(value)),
      timeout: timeout, assert: updateStateToExpectedResult,
      location: (fileID, filePath, line, column)
    )
  }

  /// Asserts that an effect sent an action for which `isMatching` is `true`.
  ///
  /// ```swift
  /// await store.receive({ if case .response = $0 { true } else { false } })
  /// ```
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receiveAction(
      matching: isMatching,
      describing: { String(customDumping: $0) },
      expected: "an action matching the predicate",
      timeout: timeout, assert: updateStateToExpectedResult,
      location: (fileID, filePath, line, column)
    )
  }

  /// Asserts that an effect sent an action, with the timeout in nanoseconds.
  public func receive(
    _ expectedAction: Action,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await self.receive(
      expectedAction, timeout: .nanoseconds(Int64(clamping: nanoseconds)),
      assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  func receiveAction(
    matching isMatching: (Action) -> Bool,
    describing describe: (Action) -> String,
    expected: String,
    timeout: Duration?,
    assert mutation: ((inout State) throws -> Void)?,
    location: Location
  ) async {
    let nanoseconds = timeout.map(\.nanoseconds) ?? self.timeout
    let tracker = self.tracker
    // NB: Effects that can go on go on first (they run on the store's executor, drained also
    //     while this waits).
    self.effects.runPending()
    let arrived = await tracker.wait(timeout: nanoseconds) {
      if self.exhaustivity == .on { return tracker.hasReceived || tracker.effects.isEmpty }
      return tracker.received.contains { isMatching($0.action) } || tracker.effects.isEmpty
    }
    // NB: Effects that the received actions started run up to their first suspension, as they
    //     do after a send.
    self.effects.runPending()
    guard arrived, tracker.hasReceived else {
      let running =
        tracker.effects.isEmpty
        ? "No effects are running, so none can send it."
        : "Effects are still running; if one of them sends it later, advance its clock or raise the timeout."
      self.fail(
        "Expected to receive \(expected), but received none after \(nanoseconds / 1_000_000) ms. \(running)",
        at: location
      )
      return
    }
    var skipped: [Action] = []
    while let received = tracker.popReceived() {
      if isMatching(received.action) {
        if !skipped.isEmpty {
          self.skipped(
            "Skipped receiving \(skipped.map { String(customDumping: $0) }.joined(separator: ", "))",
            at: location
          )
        }
        self.expectState(
          mutation, previous: self.assertedState, actual: received.state, what: "", at: location,
          stateMaybeUnchanged: received.maybeUnchanged)
        return
      }
      if self.exhaustivity == .on {
        self.fail("Received unexpected action: …\n\n\(describe(received.action))", at: location)
        self.assertedState = received.state
        return
      }
      skipped.append(received.action)
      self.assertedState = received.state
    }
    self.fail(
      "Expected to receive \(expected), but no received action matched:\n\n"
        + skipped.map { "  • " + String(customDumping: $0) }.joined(separator: "\n"),
      at: location
    )
  }
}

extension Duration {
  var nanoseconds: UInt64 {
    let (seconds, attoseconds) = self.components
    return UInt64(clamping: seconds) &* 1_000_000_000 &+ UInt64(clamping: attoseconds / 1_000_000_000)
  }
}
