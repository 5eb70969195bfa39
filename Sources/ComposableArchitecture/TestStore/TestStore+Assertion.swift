@_spi(Internals) import CasePaths

extension TestStore {
  /// Checks `actual` against the state the test expects after `mutation`.
  ///
  /// Exhaustive: the mutation is applied to the last asserted state and the result must equal
  /// `actual`. Non-exhaustive: it may also be applied to `actual` itself, so that only the
  /// fields it sets are checked. While the mutation runs, `store.state` is still the previous
  /// state, as in TCA; afterwards it is `actual`.
  func expectState(
    _ mutation: ((inout State) throws -> Void)?,
    previous: consuming State,
    actual: State,
    what: String,
    at location: Location,
    stateMaybeUnchanged: Bool = false,
    stackElementIDsFrom idCount: Int? = nil
  ) {
    // NB: A step that changed nothing takes no closure: TCA reports one that makes no
    //     observable change. Whether the state changed is compared only when the reducer's
    //     fingerprint says it may not have: a second walk of the whole state on every send
    //     would cost as much as the assertion itself.
    let nothingChanged =
      stateMaybeUnchanged && mutation != nil && self.exhaustivity == .on && previous == actual
      && !self.sharedChanges.stepChangedValues
    // NB: The state the test store moves to is `actual`. When the expected state matches, it is
    //     kept instead: a value equal to `actual` in buffers of its own, so that the next send's
    //     reducer changes the store's state in place. (While the closure runs, the store still
    //     holds the previous state, which it shows as `state`, so the closure changes a copy.)
    var matched = false
    defer { if !matched { self.assertedState = actual } }
    // NB: XCTModify asks for a change only in exhaustive mode.
    let isExhaustive = self.exhaustivity == .on
    var expected = consume previous
    do {
      if let mutation {
        try self.runAssertion(stackIDsFrom: idCount, isExhaustive: isExhaustive) {
          try mutation(&expected)
        }
      }
    } catch {
      self.fail("Threw error: \(error)", at: location)
      return
    }
    let unassertedSharedChanges = self.sharedChanges.takeUnassertedChanges()
    if expected == actual {
      matched = true
      self.assertedState = expected
      if let message = unassertedSharedChanges {
        if self.exhaustivity == .on {
          self.fail(message, at: location)
        } else {
          self.skipped(message, at: location)
        }
        return
      }
      if nothingChanged {
        self.fail(
          """
          Expected state to change, but no change occurred.

          The trailing closure made no observable modifications to state. If no change to \
          state is expected, omit the trailing closure.
          """,
          at: location
        )
      }
      return
    }
    if self.exhaustivity != .on {
      var partial = actual
      if let mutation {
        do {
          try self.runAssertion(stackIDsFrom: idCount, isExhaustive: false) {
            try mutation(&partial)
          }
        } catch {}
      }
      if partial == actual {
        self.skipped(Self.mismatch(expected: expected, actual: actual, what: what, mutation), at: location)
        return
      }
      expected = partial
    }
    self.fail(Self.mismatch(expected: expected, actual: actual, what: what, mutation), at: location)
  }

  /// Runs an assertion closure as TCA does: with the test store's dependencies, as the reducer
  /// has them; with the stack id counter as it was at `count` (before a send; now, for a
  /// receive), so that a push in the closure gets the id the reducer's push got; and with
  /// XCTModify asking for a change only when `isExhaustive`.
  func runAssertion(
    stackIDsFrom count: Int?, isExhaustive: Bool, _ body: () throws -> Void
  ) throws {
    let ids = self.stackElementIDs
    try DependencyValues.$_current.withValue(self.root.dependencies) {
      try ids.withIDs(countingFrom: count ?? ids.nextCount) {
        // NB: Shared values changed in the closure change what the test expects of them.
        self.sharedChanges.isAsserting = true
        defer { self.sharedChanges.isAsserting = false }
        if isExhaustive {
          try body()
        } else {
          try XCTModifyLocals.$isExhaustive.withValue(false) { try body() }
        }
      }
    }
  }

  static func mismatch(
    expected: State, actual: State, what: String, _ mutation: ((inout State) throws -> Void)?
  ) -> String {
    let difference =
      diff(expected, actual, format: .proportional)
      .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
        ?? """
        Expected:
        \(String(describing: expected).indent(by: 2))

        Actual:
        \(String(describing: actual).indent(by: 2))
        """
    let summary =
      mutation == nil
      ? "State was not expected to change, but a change occurred"
      : "A state change does not match expectation"
    return "\(summary)\(what.isEmpty ? "" : " " + what): …\n\n\(difference)"
  }

  /// Asserts the store's current state, outside of any action.
  ///
  /// ```swift
  /// store.assert {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.expectState(
      updateStateToExpectedResult, previous: self.assertedState, actual: self.root.state, what: "",
      at: (fileID, filePath, line, column)
    )
  }

  /// Runs `operation` with a different exhaustivity.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refresh)
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let saved = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = saved }
    return try await operation()
  }
}

extension String {
  func indent(by count: Int) -> String {
    let indentation = String(repeating: " ", count: count)
    return indentation + self.replacingOccurrences(of: "\n", with: "\n" + indentation)
  }
}
