/// The work registered under one cancellation id. Nearly always a single piece, which is kept
/// inline so that registering it allocates nothing.
struct RegisteredWork {
  /// `nil` only when nothing is registered; then `others` is empty too.
  private var first: CancellationHandle.Registration?
  private var others: [UInt64: CancellationHandle.Registration] = [:]

  var isEmpty: Bool { self.first == nil }

  /// The registration, when there is exactly one (vacated or not).
  var only: CancellationHandle.Registration? {
    self.others.isEmpty ? self.first : nil
  }

  mutating func insert(_ registration: CancellationHandle.Registration) {
    if self.first == nil {
      self.first = registration
    } else {
      self.others[registration.token] = registration
    }
  }

  mutating func remove(token: UInt64) {
    guard let first = self.first, first.token == token else {
      self.others[token] = nil
      return
    }
    if let (token, registration) = self.others.first {
      self.others[token] = nil
      self.first = registration
    } else {
      self.first = nil
    }
  }

  /// Calls `body` with every registration, vacated ones included.
  func forEach(_ body: (CancellationHandle.Registration) -> Void) {
    guard let first = self.first else { return }
    body(first)
    for other in self.others.values { body(other) }
  }

  /// The handles of the registrations that are not vacated.
  var handles: [CancellationHandle] {
    var handles: [CancellationHandle] = []
    self.forEach { registration in registration.handle.map { handles.append($0) } }
    return handles
  }
}
