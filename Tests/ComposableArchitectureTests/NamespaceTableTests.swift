import Testing

@testable import ComposableArchitecture

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

  /// Ids whose hashes are all one, so that their namespaces fall on one key of the table.
  private struct Colliding: Hashable, Sendable {
    let number: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  @Test func namespacesWhoseKeysCollideAreEachTheirOwn() {
    let table = NamespaceTable()
    let component = { ChildEffectsID(path: self.rows, identity: ErasedID(exactly: Colliding(number: $0))) }
    for round in 0..<3 {
      for number in 0..<4 {
        let made = table.made(appending: component(number), to: [])
        #expect(made.namespace == [component(number)], "round \(round), \(number)")
        #expect(made.allChildEffects == [AllChildEffects.effectID(in: [component(number)])])
      }
    }
    // NB: The same parent and child, one after the other, share the array.
    let first = table.appending(component(9), to: [])
    #expect(self.address(table.appending(component(9), to: [])) == self.address(first))
  }

  @Test func anIdComparesWithItsViewsInPlace() {
    let id = EffectID(ErasedID(CancelID.timer))
    let namespace = [self.row(1), self.row(2)]
    let nested = id.inNamespace([self.row(3)])
    for other in [id, nested] {
      for count in 0...namespace.count {
        let prefix = namespace.prefix(count)
        for candidate in [id, nested, other.inNamespace(prefix), other.inNamespace([self.row(4)] + prefix)] {
          #expect(candidate.isView(of: other, in: prefix) == (candidate == other.inNamespace(prefix)))
        }
      }
    }
  }
}
