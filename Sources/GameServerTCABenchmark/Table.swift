/// A goal a case must meet.
enum Target: Sendable {
  /// At most this many nanoseconds per action.
  case nanoseconds(Double)
  /// At most this many times the root send.
  case timesRootSend(Double)
  /// At most this many times the case with the given name.
  case timesCase(String, Double)
  /// At most this many heap allocations per action.
  case allocations(Double)

  var description: String {
    switch self {
    case let .nanoseconds(limit): "≤ \(format(limit)) ns"
    case let .timesRootSend(limit): "≤ \(format(limit))× root send"
    case let .timesCase(name, limit): "≤ \(format(limit))× \(name)"
    case let .allocations(limit): "≤ \(format(limit)) allocs"
    }
  }
}

/// One line of the report.
struct CaseResult: Sendable {
  var name: String
  var measurement: Measurement
  var targets: [Target] = []
  /// Whether the allocation column is part of what was asked for (it is shown for all cases).
  var isRootSend = false
}

/// The results so far, printed as a Markdown table.
struct Report {
  var results: [CaseResult] = []
  var floorName = "floor"

  mutating func add(_ result: CaseResult) {
    self.results.append(result)
    print(
      "measured \(result.name): \(format(result.measurement.nanosecondsPerAction)) ns/action, "
        + "\(format(result.measurement.allocationsPerAction)) allocs/action, "
        + "\(result.measurement.iterations) iterations/run"
    )
  }

  var rootSend: Double? {
    self.results.first(where: \.isRootSend)?.measurement.nanosecondsPerAction
  }

  func nanoseconds(of name: String) -> Double? {
    self.results.first { $0.name == name }?.measurement.nanosecondsPerAction
  }

  /// Whether `result` meets `target`, or `nil` when it cannot be told.
  func meets(_ result: CaseResult, _ target: Target) -> Bool? {
    let measurement = result.measurement
    switch target {
    case let .nanoseconds(limit):
      return measurement.nanosecondsPerAction <= limit
    case let .timesRootSend(limit):
      return self.rootSend.map { measurement.nanosecondsPerAction <= limit * $0 }
    case let .timesCase(name, limit):
      return self.nanoseconds(of: name).map { measurement.nanosecondsPerAction <= limit * $0 }
    case let .allocations(limit):
      return measurement.allocationsPerAction <= limit
    }
  }

  var markdown: String {
    var lines = [
      "| case | ns per action | × root send | heap allocs per action | target | result |",
      "|---|--:|--:|--:|---|---|",
    ]
    for result in self.results {
      let ns = result.measurement.nanosecondsPerAction
      let ratio = self.rootSend.map { format(ns / $0) + "×" } ?? "–"
      let target =
        result.targets.isEmpty
        ? "informational"
        : result.targets.map(\.description).joined(separator: ", ")
      let verdicts = result.targets.map { (target: $0, meets: self.meets(result, $0)) }
      let failed = verdicts.filter { $0.meets == false }.map(\.target.description)
      let outcome: String
      if verdicts.isEmpty {
        outcome = "–"
      } else if !failed.isEmpty {
        outcome = "**FAIL** (" + failed.joined(separator: ", ") + ")"
      } else if verdicts.contains(where: { $0.meets == nil }) {
        outcome = "n/a"
      } else {
        outcome = "pass"
      }
      lines.append(
        "| \(result.name) | \(format(ns)) | \(ratio) | "
          + "\(format(result.measurement.allocationsPerAction)) | \(target) | \(outcome) |"
      )
    }
    if let floor = self.nanoseconds(of: self.floorName) {
      lines.append("")
      lines.append("Floor (reducer called as a plain function): \(format(floor)) ns per action.")
    }
    return lines.joined(separator: "\n")
  }
}

/// A number with about three significant digits and no exponent.
func format(_ value: Double) -> String {
  if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
  if abs(value) < 0.001 { return value < 0 ? "> -0.001" : "< 0.001" }
  let digits = abs(value) >= 100 ? 0 : abs(value) >= 10 ? 1 : abs(value) >= 1 ? 2 : 3
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  if digits == 0 { return String(Int(rounded)) }
  return String(rounded)
}
