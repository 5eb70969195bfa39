extension TestStore {
  /// Checks `actual` against the state the test expects after `mutation`.
  ///
  /// Exhaustive: the mutation is applied to the last asserted state and the result must equal
  /// `actual`. Non-exhaustive: it may also be applied to `actual` itself, so that only the
  /// fields it sets are checked.
  func expectState(
    _ mutation: ((inout State) throws -> Void)?,
    previous: consuming State,
    actual: State,
    what: String,
    at location: Location,
    stateMaybeUnchanged: Bool = false
  ) {
    // NB: A step that changed nothing takes no closure: TCA reports one that makes no
    //     observable change. Whether the state changed is compared only when the reducer's
    //     fingerprint says it may not have: a second walk of the whole state on every send
    //     would cost as much as the assertion itself.
    let nothingChanged =
      stateMaybeUnchanged && mutation != nil && self.exhaustivity == .on && previous == actual
    // NB: `previous` comes in consumed, and the store no longer holds it, so the mutation
    //     changes it in place instead of copying its collections.
    var expected = consume previous
    do {
      // NB: The closure sees the test store's dependencies, as the reducer does.
      if let mutation {
        try DependencyValues.$_current.withValue(self.root.dependencies) {
          try mutation(&expected)
        }
      }
    } catch {
      self.fail("Threw error: \(error)", at: location)
      return
    }
    if expected == actual {
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
      do { try mutation?(&partial) } catch {}
      if partial == actual {
        self.skipped(Self.mismatch(expected: expected, actual: actual, what: what, mutation), at: location)
        return
      }
      expected = partial
    }
    self.fail(Self.mismatch(expected: expected, actual: actual, what: what, mutation), at: location)
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
    let actual = self.root.state
    let previous = self.replaceAssertedState(with: actual)
    self.expectState(
      updateStateToExpectedResult, previous: previous, actual: actual, what: "",
      at: (fileID, filePath, line, column)
    )
  }

  /// Makes `state` the last asserted state and hands back the one it replaces, without a copy.
  func replaceAssertedState(with state: State) -> State {
    var previous = state
    swap(&previous, &self.assertedState)
    return previous
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
