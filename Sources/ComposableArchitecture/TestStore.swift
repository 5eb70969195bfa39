import Foundation

/// A store for tests: each action is sent and its state change asserted, each action an
/// effect sends is received and asserted, and every effect must finish by the end.
///
/// ```swift
/// @Test
/// @MainActor
/// func increment() async {
///   let store = TestStore(initialState: Counter.State()) {
///     Counter()
///   }
///   await store.send(.incrementButtonTapped) {
///     $0.count = 1
///   }
///   await store.receive(\.delegate.didIncrement)
/// }
/// ```
///
/// Failures are reported through IssueReporting; on Linux, link `IssueReportingTestSupport`
/// into the test target so that they fail the test (see the article "Testing with a test store").
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly this store asserts.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive(_:timeout:assert:)` and
  /// ``finish(timeout:fileID:file:line:column:)`` wait, in nanoseconds (default 1 s).
  public var timeout: UInt64

  /// The state as of the last step of the test: the last `send`, `receive`, or skip of received
  /// actions. Actions received but not yet asserted do not move it.
  ///
  /// When read from a trailing closure assertion in `send` or `receive`, it is the state before
  /// that step: the one the closure is given to change, as it was before the closure changed it.
  ///
  /// ```swift
  /// await store.send(.increment) {
  ///   $0.count = 1
  ///   #expect(store.state.count == 0)
  /// }
  /// #expect(store.state.count == 1)
  /// ```
  public var state: State { self.assertedState }

  /// The state as of the last assertion: what the next assertion compares against.
  var assertedState: State

  let store: Store<State, TestReducer<State, Action>.TestAction>
  let root: RootCore<State, TestReducer<State, Action>.TestAction>
  let tracker: TestTracker<State, Action>
  /// The shared values the steps changed since the last assertion.
  let sharedChanges: SharedChangeTracker
  /// Where the store's effects run: its own serial executor, on the main queue.
  let effects: StoreExecutor
  /// The cascade the next `send`'s effects join.
  var nextCascade = _EffectCascade()
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// Makes a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start with.
  ///   - reducer: The reducer under test.
  ///   - prepareDependencies: Overrides of the dependencies the reducer and effects see.
  ///   - fileID: The file of the call, where failures are reported (the caller's, by default).
  ///   - filePath: The file's path, for the same.
  ///   - line: The line of the call, for the same.
  ///   - column: The column of the call, for the same.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let tracker = TestTracker<State, Action>()
    let sharedChanges = SharedChangeTracker()
    let effects = TestEffectsExecutor.make()
    TestEffectsExecutor.register(effects)
    let store = withoutActuallyEscaping(prepareDependencies) { prepareDependencies in
      Store(
        initialState: initialState(),
        reducer: { TestReducer(base: reducer()._resolve(), tracker: tracker) },
        withDependencies: {
          // NB: Each test store has shared values and files of its own.
          $0.sharedReferences = SharedReferences(changeTracker: sharedChanges)
          $0.sharedFileSystem = .inMemory()
          prepareDependencies(&$0)
        },
        effectsExecutor: effects,
        isolation: MainActor.shared
      )
    }
    guard let rootCore = store.core as? RootStoreCore<State, TestReducer<State, Action>.TestAction>
    else { fatalError("A test store's store is a root store") }
    // NB: A root feature that dismisses itself ends its effects, and the test store takes no
    //     more actions, as in TCA.
    let root = rootCore.root
    // NB: The root's effects, not the root, and the tracker's part in a closure of no generic
    //     type: a closure that held the generic root or tracker would capture the `State` type,
    //     which need not be Sendable. (The dismissal runs where the test store does.)
    let inFlight = root.inFlight
    let dismissTracker = UncheckedSendable({
      tracker.forgetEffects()
      tracker.isDismissed = true
    })
    root.dependencies.dismiss = root.dependencies.dismiss.dismissingRoot { [weak inFlight] in
      inFlight?.cancelAll()
      dismissTracker.value()
    }
    self.store = store
    self.root = root
    self.stackElementIDs = root.dependencies.stackElementIDGenerator
    self.tracker = tracker
    self.sharedChanges = sharedChanges
    self.effects = effects
    self.assertedState = rootCore.root.state
    self.timeout = 1_000_000_000
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Whether the feature dismissed itself with `@Dependency(\.dismiss)`; a dismissed store
  /// takes no more actions.
  public var isDismissed: Bool { self.tracker.isDismissed }

  /// The dependencies the reducer and new effects see; change them between steps.
  public var dependencies: DependencyValues {
    get { self.root.dependencies }
    set {
      self.root.dependencies = newValue
      self.stackElementIDs = newValue.stackElementIDGenerator
    }
  }

  /// The reducer's stack id generator, kept here so that a step need not look it up.
  var stackElementIDs: StackElementIDGenerator

  // NB: A plain deinit runs on the releasing task, so its issues reach the running test; an
  // isolated deinit may run later without the test's task-local values, losing them.
  deinit {
    Self.complete(
      tracker: self.tracker, exhaustivity: self.exhaustivity, location: self.location,
      checkEffects: true, draining: self.effects
    )
    TestEffectsExecutor.unregister(self.effects)
  }

  nonisolated static func complete(
    tracker: TestTracker<State, Action>,
    exhaustivity: Exhaustivity,
    location: Location,
    checkEffects: Bool,
    draining executor: StoreExecutor? = nil
  ) {
    // NB: An effect that sent its last action may still be returning. Effects that can go on
    //     without waiting for anything finish now, as they would have had the test gone on.
    let effectsFinished =
      checkEffects && exhaustivity == .on
      ? tracker.waitForEffectsBlocking(timeout: 100_000_000, draining: executor) : true
    let received = tracker.removeAllReceived()
    if !received.isEmpty {
      if exhaustivity == .on {
        Self.fail(
          """
          The store received \(received.count) unexpected \
          action\(received.count == 1 ? "" : "s"):

          \(received.map { "  • " + String(customDumping: $0.action) }.joined(separator: "\n"))

          Assert them with "receive", or skip them with "skipReceivedActions".
          """,
          at: location
        )
      }
    }
    guard checkEffects, exhaustivity == .on, !effectsFinished else { return }
    for effect in tracker.effects.values {
      Self.fail(Self.stillRunning(effect), at: (effect.fileID, effect.filePath, effect.line, effect.column))
    }
  }

  nonisolated static func stillRunning(_ effect: TestTracker<State, Action>.Effect) -> String {
    """
    An effect returned for this action is still running. It must complete before the end of \
    the test:

      \(effect.action)

    To fix, inspect any effects the reducer returns for this action and make sure they \
    finish: use a test clock and advance it, cancel the effect, or await "finish" on the task \
    "send" returns. To skip effects you do not care about, use "skipInFlightEffects" or turn \
    exhaustivity off.
    """
  }

  typealias Location = (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  nonisolated var location: Location {
    (self.fileID, self.filePath, self.line, self.column)
  }

  func fail(_ message: String, at location: Location) {
    Self.fail(message, at: location)
  }

  nonisolated static func fail(_ message: String, at location: Location) {
    reportIssue(
      message,
      fileID: location.fileID,
      filePath: location.filePath,
      line: location.line,
      column: location.column
    )
  }

  /// Reports `message` as an expected issue when skipped assertions are shown.
  func skipped(_ message: String, at location: Location) {
    guard case .off(showSkippedAssertions: true) = self.exhaustivity else { return }
    withExpectedIssue {
      self.fail(message, at: location)
    }
  }
}

/// A test store of a feature: `TestStoreOf<Feature>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
