/// A clock's sleepers by id, in an array: an id is a slot's index and the slot's generation,
/// so a look-up is an index and a comparison, with no hashing.
///
/// A slot emptied gets a new generation before it is used again, so an id kept past its
/// sleeper's end (a cancel that crossed a fire) finds nothing.
///
/// ```swift
/// var slots = SleeperSlots<String>()
/// let id = slots.add("a")
/// slots[id]            // "a"
/// slots[id] = nil
/// slots[id]            // nil, even once the slot holds another
/// ```
struct SleeperSlots<Slot> {
  private struct Entry {
    var generation: UInt32
    var slot: Slot?
  }

  private var entries: [Entry] = []
  private var free: [UInt32] = []

  /// How many slots are filled.
  private(set) var count = 0

  /// Files `slot`; returns its id.
  mutating func add(_ slot: Slot) -> UInt64 {
    self.count += 1
    if let index = self.free.popLast() {
      self.entries[Int(index)].slot = slot
      return Self.id(index: index, generation: self.entries[Int(index)].generation)
    }
    self.entries.append(Entry(generation: 0, slot: slot))
    return Self.id(index: UInt32(self.entries.count - 1), generation: 0)
  }

  /// The slot `id` names, if it is still filled. Setting `nil` empties it; setting a slot
  /// replaces a filled one's (an id no longer filled stays empty).
  subscript(id: UInt64) -> Slot? {
    get {
      guard let index = self.index(of: id) else { return nil }
      return self.entries[index].slot
    }
    set {
      guard let index = self.index(of: id) else { return }
      guard let newValue else {
        self.entries[index].slot = nil
        self.entries[index].generation &+= 1
        self.free.append(UInt32(index))
        self.count -= 1
        return
      }
      self.entries[index].slot = newValue
    }
  }

  /// Reads the slot `id` names where it is; `nil` if it is not filled.
  func read<Result>(_ id: UInt64, _ body: (borrowing Slot) -> Result) -> Result? {
    guard let index = self.index(of: id) else { return nil }
    return body(self.entries[index].slot.unsafelyUnwrapped)
  }

  /// Changes the slot `id` names in place; `nil` if it is not filled.
  mutating func update<Result>(_ id: UInt64, _ body: (inout Slot) -> Result) -> Result? {
    guard let index = self.index(of: id) else { return nil }
    return body(&self.entries[index].slot!)
  }

  private func index(of id: UInt64) -> Int? {
    let index = Int(truncatingIfNeeded: id & 0xFFFF_FFFF)
    guard index < self.entries.count, self.entries[index].generation == UInt32(truncatingIfNeeded: id >> 32),
      self.entries[index].slot != nil
    else { return nil }
    return index
  }

  private static func id(index: UInt32, generation: UInt32) -> UInt64 {
    UInt64(generation) << 32 | UInt64(index)
  }
}
