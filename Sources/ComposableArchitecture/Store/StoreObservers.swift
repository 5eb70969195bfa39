/// Callbacks that want to hear about state after each batch of actions a store processes.
@usableFromInline
final class StoreObservers<State> {
  private var next: UInt64 = 0
  private var callbacks: [(id: UInt64, callback: (State) -> Void)] = []

  var isEmpty: Bool { self.callbacks.isEmpty }

  func insert(_ callback: @escaping (State) -> Void) -> UInt64 {
    defer { self.next &+= 1 }
    self.callbacks.append((self.next, callback))
    return self.next
  }

  func remove(_ id: UInt64) {
    self.callbacks.removeAll { $0.id == id }
  }

  func notify(_ state: State) {
    for entry in self.callbacks { entry.callback(state) }
  }
}
