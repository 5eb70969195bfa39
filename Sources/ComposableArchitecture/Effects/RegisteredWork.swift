/// The work registered under one cancellation id. Nearly always a single piece, which is kept
/// inline so that registering it allocates nothing.
struct RegisteredWork {
  private var token: UInt64 = 0
  /// `nil` only when nothing is registered; then `others` is empty too.
  private var handle: CancellationHandle?
  private var others: [UInt64: CancellationHandle] = [:]

  var isEmpty: Bool { self.handle == nil }

  mutating func insert(_ handle: CancellationHandle, token: UInt64) {
    if self.handle == nil {
      self.token = token
      self.handle = handle
    } else {
      self.others[token] = handle
    }
  }

  mutating func remove(token: UInt64) {
    guard self.handle != nil, self.token == token else {
      self.others[token] = nil
      return
    }
    if let (token, handle) = self.others.first {
      self.others[token] = nil
      self.token = token
      self.handle = handle
    } else {
      self.handle = nil
    }
  }

  /// Calls `body` with every registered handle.
  func forEach(_ body: (CancellationHandle) -> Void) {
    guard let handle = self.handle else { return }
    body(handle)
    for other in self.others.values { body(other) }
  }

  /// Every registered handle.
  var handles: [CancellationHandle] {
    var handles: [CancellationHandle] = []
    self.forEach { handles.append($0) }
    return handles
  }
}
