@testable import ComposableArchitecture
import Testing

struct NamespaceTableTests {
  private struct Row: Identifiable, Sendable {
    let id: Int
  }
  private enum CancelID { case timer }

  private let rows = ChildEffectsPath(\IdentifiedArrayOf<Row>.self)

  private func row(_ id: Int) -> ChildEffectsID {
    ChildEffectsID(path: self.rows, identity: ErasedID(exactly: id))
  }

  private func address(_ namespace: [ChildEffectsID]) -> UnsafeRawPointer? {
    namespace.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func aNamespaceIsMadeOnce() {
    let table = NamespaceTable()
    let first = table.appending(self.row(1), to: [])
    // NB: A component made again (a new action for the same row) finds the same array.
    let again = table.appending(self.row(1), to: [])
    #expect(self.address(again) == self.address(first))
    let nested = table.appending(self.row(7), to: first)
    #expect(self.address(table.appending(self.row(7), to: again)) == self.address(nested))
    #expect(nested == [self.row(1), self.row(7)])
    // NB: Another row, or the same row under another parent, is another namespace.
    #expect(table.appending(self.row(2), to: []) == [self.row(2)])
    #expect(table.appending(self.row(7), to: []) != nested)
    #expect(table.count == 4)
  }

  @Test func idsMadeBeforeTheTableStartsAgainStillMatch() {
    let table = NamespaceTable()
    let id = EffectID(ErasedID(CancelID.timer))
    let first = table.appending(self.row(1), to: [])
    let before = id.inNamespace(first)
    for index in 2...(NamespaceTable.limit + 1) { _ = table.appending(self.row(index), to: []) }
    #expect(table.count < NamespaceTable.limit)
    let after = table.appending(self.row(1), to: [])
    #expect(self.address(after) != self.address(first))
    #expect(id.inNamespace(after) == before)
  }
}
