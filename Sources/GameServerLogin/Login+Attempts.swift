import Foundation
import GameServerWire

extension Login.State {
  var lifetimes: Login.Lifetimes {
    Login.Lifetimes(session: self.sessionLifetime, guestSession: self.guestSessionLifetime, tokenGrace: self.tokenGrace)
  }

  /// Whole seconds left of the longest lockout among `keys`, or nil when none is locked.
  func lockoutRemaining(for keys: [String], now: Date) -> Int? {
    let remaining = keys.compactMap { self.failures[$0]?.lockedUntil }.map { $0.timeIntervalSince(now) }.max()
    guard let remaining, remaining > 0 else { return nil }
    return Int(remaining.rounded(.up))
  }

  /// Failures in a row under `key`, counting the checks still in flight as failures to come.
  func unresolvedFailures(_ key: String) -> Int {
    (self.failures[key]?.count ?? 0) + self.inFlight[key, default: 0]
  }

  /// Whether a password check is in flight on `connection`.
  func isChecking(_ connection: ConnectionID) -> Bool {
    self.inFlight[Login.key(connection), default: 0] > 0
  }

  /// Counts a password check as in flight (registering hashes one too).
  mutating func begin(_ attempt: Login.Attempt, on connection: ConnectionID) {
    for key in Self.keys(attempt, connection) { self.inFlight[key, default: 0] += 1 }
  }

  /// Counts a check as done.
  mutating func end(_ attempt: Login.Attempt, on connection: ConnectionID) {
    for key in Self.keys(attempt, connection) {
      let count = self.inFlight[key, default: 0] - 1
      self.inFlight[key] = count > 0 ? count : nil
    }
  }

  private static func keys(_ attempt: Login.Attempt, _ connection: ConnectionID) -> [String] {
    switch attempt {
    case .guest, .resume: []
    case .register: [Login.key(connection)]
    case let .login(name): [Login.key(name: name), Login.key(connection)]
    }
  }

  mutating func recordFailure(_ key: String, now: Date) {
    // NB: Guessing many names must not grow this table without end: past a size, entries that
    // lock nothing are forgotten.
    if self.failures.count >= 10_000 {
      self.failures = self.failures.filter { ($0.value.lockedUntil ?? .distantPast) > now }
    }
    var failures = self.failures[key] ?? Login.Failures()
    if let until = failures.lockedUntil, until <= now { failures = Login.Failures() }
    failures.count += 1
    if failures.count >= self.maxFailures {
      failures.lockedUntil = now.addingTimeInterval(self.lockout)
      failures.count = 0
    }
    self.failures[key] = failures
  }
}
