import Testing

@testable import ComposableArchitecture

/// Merged effects keep their order and what each one does; a merge of many is made as one list,
/// and effects that do nothing are left out.
@MainActor
struct MergeTests {
  private func sends(_ effect: Effect<Int>) -> [Int] {
    var sent: [Int] = []
    func walk(_ effect: Effect<Int>) {
      switch effect.operation {
      case let .send(value): sent.append(value)
      case let .merge(effects): effects.forEach(walk)
      case let .mergePair(first, second):
        walk(first)
        walk(second)
      default: break
      }
    }
    walk(effect)
    return sent
  }

  private func partCount(_ effect: Effect<Int>) -> Int? {
    switch effect.operation {
    case let .merge(effects): effects.count
    case .mergePair: 2
    default: nil
    }
  }

  @Test func aSequenceOfManyIsOneListInOrder() {
    let merged = Effect<Int>.merge((1...5).map { Effect.send($0) })
    #expect(self.partCount(merged) == 5)
    #expect(self.sends(merged) == [1, 2, 3, 4, 5])
  }

  @Test func effectsThatDoNothingAreLeftOut() {
    #expect(Effect<Int>.merge([Effect<Int>.none, .none]).isNone)
    let one = Effect<Int>.merge(.none, .send(1), .none)
    #expect(self.partCount(one) == nil)
    #expect(self.sends(one) == [1])
    let two = Effect<Int>.merge(.send(1), .none, .send(2))
    #expect(self.partCount(two) == 2)
    #expect(self.sends(two) == [1, 2])
  }

  @Test func mergingMergesGivesOneFlatList() {
    let pair = Effect<Int>.send(1).merge(with: .send(2))
    let list = Effect<Int>.merge(.send(3), .send(4), .send(5))
    let both = pair.merge(with: list)
    #expect(self.partCount(both) == 5)
    #expect(self.sends(both) == [1, 2, 3, 4, 5])
    let more = both.merge(with: .send(6))
    #expect(self.partCount(more) == 6)
    #expect(self.sends(more) == [1, 2, 3, 4, 5, 6])
  }

  @Test func aStoreRunsEveryPartOfABigMergeInOrder() {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return .merge((1...6).map { Effect.send($0) })
      }
    }
    store.send(0)
    #expect(store.withState { $0 } == [0, 1, 2, 3, 4, 5, 6])
  }
}
