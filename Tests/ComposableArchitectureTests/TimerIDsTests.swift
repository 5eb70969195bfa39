import Testing

@testable import ComposableArchitecture

/// A re-armed timer's ids are compared with the ones it is filed under without making the
/// list: the comparison must say exactly what comparing the made lists says.
struct TimerIDsTests {
  private struct Row: Identifiable, Sendable {
    let id: Int
  }
  private enum CancelID { case timer, other, group }

  private let rows = ChildEffectsPath(\IdentifiedArrayOf<Row>.self)

  private func namespace(_ rows: [Int]) -> [ChildEffectsID] {
    rows.map { ChildEffectsID(path: self.rows, identity: ErasedID(exactly: $0)) }
  }

  /// Every mix of: no id or an id (or a child's whole-effects id) right around the timer, zero
  /// to two ids further out, a namespace zero to three children deep.
  private var everyKind: [TimerIDs] {
    let cancellables: [EffectID?] = [
      nil, EffectID(ErasedID(CancelID.timer)), EffectID(ErasedID(CancelID.other)), EffectID(AllChildEffects.id),
    ]
    let namespaces = [[], [1], [2], [1, 2], [1, 2, 3]].map(self.namespace)
    var kinds: [TimerIDs] = []
    for cancellable in cancellables {
      for namespace in namespaces {
        let enclosings: [[EffectID]] = [
          [], [EffectID(ErasedID(CancelID.group)).inNamespace(namespace)],
          [EffectID(ErasedID(CancelID.group)), EffectID(ErasedID(CancelID.other)).inNamespace(namespace)],
        ]
        for enclosing in enclosings {
          kinds.append(TimerIDs(enclosing: enclosing, cancellable: cancellable, namespace: namespace))
        }
      }
    }
    return kinds
  }

  @Test func theyAreTheListTheyMakeAndNoOther() {
    let kinds = self.everyKind
    let made = kinds.map { $0.made() }
    for (index, ids) in kinds.enumerated() {
      for list in made {
        #expect(ids.isSame(as: list) == (made[index] == list), "\(made[index]) against \(list)")
      }
    }
  }

  @Test func aListOneIdShortOrLongIsNotThem() {
    for ids in self.everyKind where !ids.made().isEmpty {
      let list = ids.made()
      #expect(!ids.isSame(as: Array(list.dropLast())))
      #expect(!ids.isSame(as: list + [EffectID(ErasedID(CancelID.group))]))
    }
  }

  @Test func theIdInFlightIsTheInnermostView() {
    let namespace = self.namespace([4, 5])
    let ids = TimerIDs(enclosing: [], cancellable: EffectID(ErasedID(CancelID.timer)), namespace: namespace)
    #expect(ids.inFlight == EffectID(ErasedID(CancelID.timer)).inNamespace(namespace))
    #expect(ids.made().first == ids.inFlight)
    #expect(TimerIDs(enclosing: [], cancellable: nil, namespace: namespace).inFlight == nil)
  }
}
