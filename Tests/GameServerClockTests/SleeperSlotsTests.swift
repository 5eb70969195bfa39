import Testing

@testable import GameServerClock

/// Sleepers by id in an array: an emptied slot is used again under a new id, and its old id
/// finds nothing.
struct SleeperSlotsTests {
  @Test func idsFindTheirSlotUntilItIsEmptied() {
    var slots = SleeperSlots<String>()
    let a = slots.add("a")
    let b = slots.add("b")
    #expect(slots[a] == "a")
    #expect(slots[b] == "b")
    #expect(slots.count == 2)
    slots[a] = "a2"
    #expect(slots[a] == "a2")
    #expect(slots.update(b) { $0 += "!" } != nil)
    #expect(slots.read(b) { $0 } == "b!")
    slots[a] = nil
    #expect(slots[a] == nil)
    #expect(slots.count == 1)
  }

  @Test func aSlotUsedAgainHasANewIdAndTheOldOneFindsNothing() {
    var slots = SleeperSlots<String>()
    let old = slots.add("old")
    slots[old] = nil
    let new = slots.add("new")
    #expect(new != old)
    #expect(slots[old] == nil)
    #expect(slots[new] == "new")
    // Written through a stale id: nothing changes, nothing is emptied.
    slots[old] = "stale"
    slots[old] = nil
    #expect(slots.update(old) { $0 = "stale" } == nil)
    #expect(slots[new] == "new")
    #expect(slots.count == 1)
  }

  @Test func anIdNeverMadeFindsNothing() {
    var slots = SleeperSlots<Int>()
    _ = slots.add(1)
    #expect(slots[12_345] == nil)
    #expect(slots[UInt64.max] == nil)
  }
}
