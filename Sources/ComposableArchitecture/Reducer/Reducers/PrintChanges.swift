extension Reducer {
  /// Prints each action and the state change it caused, as a custom-dump diff. For debugging.
  ///
  /// ```swift
  /// Feature()
  ///   ._printChanges()
  /// ```
  @inlinable
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// How ``Reducer/_printChanges(_:)`` prints a change.
public struct _ReducerPrinter<State, Action>: Sendable {
  private let _printChange: @Sendable (_ action: Action, _ oldState: State, _ newState: State) -> Void

  /// Makes a printer from a closure.
  public init(
    printChange: @escaping @Sendable (_ action: Action, _ oldState: State, _ newState: State) -> Void
  ) {
    self._printChange = printChange
  }

  /// Prints one change.
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    self._printChange(receivedAction, oldState, newState)
  }

  /// Prints the action in full and the state as a diff.
  public static var customDump: Self {
    Self { action, oldState, newState in
      var output = "received action:\n"
      CustomDump.customDump(action, to: &output, indent: 2)
      output += "\n"
      output += diff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n"
      print(output, terminator: "")
    }
  }

  /// Prints only the action's case name.
  public static var actionLabels: Self {
    Self { action, _, _ in
      print("received action: \(_actionLabel(action))")
    }
  }
}

func _actionLabel(_ action: Any) -> String {
  var label = ""
  var value = action
  while true {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first else {
      if mirror.displayStyle == .enum { label += label.isEmpty ? "\(value)" : ".\(value)" }
      break
    }
    label += label.isEmpty ? (child.label ?? "") : ".\(child.label ?? "")"
    value = child.value
  }
  return "\(type(of: action)).\(label)"
}

/// The reducer made by ``Reducer/_printChanges(_:)``.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let printer: _ReducerPrinter<Base.State, Base.Action>?

  @usableFromInline
  init(base: Base, printer: _ReducerPrinter<Base.State, Base.Action>?) {
    self.base = base
    self.printer = printer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer = self.printer else {
      return self.base.reduce(into: &state, action: action)
    }
    let oldState = state
    let effect = self.base.reduce(into: &state, action: action)
    printer.printChange(receivedAction: action, oldState: oldState, newState: state)
    return effect
  }
}
