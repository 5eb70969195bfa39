import ComposableArchitecture
import Foundation
import Synchronization
import Testing

@ObservableState
private struct Leaf: Equatable, Identifiable, Codable {
  var id = 0
  var count = 0
}

@ObservableState
private struct Pair: Equatable, Codable {
  var a = 0, b = 1
  var watched = 0 {
    didSet { self.changes += 1 }
  }
  var changes = 0
}

@ObservableState
private struct Tree: Equatable {
  var leaf = Leaf()
  var other = Leaf()
  var leaves: IdentifiedArrayOf<Leaf> = []
  var list: [Leaf] = []
  @Presents var presented: Leaf?
  @Presents var destination: Destination?
  @ObservationStateIgnored var ignored = 0
  let fixed = "fixed"
}

@ObservableState
@CasePathable
private enum Destination: Equatable {
  case leaf(Leaf)
  case number(Int)
}

/// A parent whose child reducer, reached through `Scope`, replaces or changes its own state.
@Reducer
private struct Grower {
  @ObservableState
  struct State: Equatable {
    var leaf = Leaf()
  }
  enum Action {
    case leaf(LeafAction)
  }
  enum LeafAction {
    case replace
    case increment
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.leaf, action: \.leaf) {
      Reduce<Leaf, LeafAction> { state, action in
        switch action {
        case .replace: state = Leaf(id: 9)
        case .increment: state.count += 1
        }
        return .none
      }
    }
  }
}

/// Counts the calls of one `onChange`.
private final class Calls: Sendable {
  private let count = Atomic<Int>(0)
  var value: Int { self.count.load(ordering: .relaxed) }
  @Sendable func record() { self.count.add(1, ordering: .relaxed) }
}

/// Reads with `read` under `withPerceptionTracking`, and returns the calls of its handler.
private func watch(_ read: () -> Void) -> Calls {
  let calls = Calls()
  withPerceptionTracking(read, onChange: calls.record)
  return calls
}

struct FieldObservationTests {
  @Test func settingAReadFieldCallsTheHandlerOnce() {
    var leaf = Leaf()
    let calls = watch { _ = leaf.count }
    leaf.count = 1
    leaf.count = 2
    #expect(calls.value == 1)
    #expect(leaf.count == 2)
  }

  @Test func assigningAnEqualValueTellsNoOne() {
    var tree = Tree(leaf: Leaf(count: 1))
    let countCalls = watch { _ = tree.leaf.count }
    let leafCalls = watch { _ = tree.leaf }
    tree.leaf.count = tree.leaf.count
    tree.leaf = Leaf(count: 1)
    #expect(countCalls.value == 0)
    #expect(leafCalls.value == 0)
  }

  @Test func aFieldThatWasNotReadIsNotObserved() {
    var leaf = Leaf()
    let calls = watch { _ = leaf.count }
    leaf.id = 7
    #expect(calls.value == 0)
  }

  @Test func changingANestedFieldTellsItsReadersOnly() {
    var tree = Tree()
    let countCalls = watch { _ = tree.leaf.count }
    let leafCalls = watch { _ = tree.leaf }
    let otherCalls = watch { _ = tree.other.count }
    tree.leaf.count += 1
    #expect(countCalls.value == 1)
    #expect(leafCalls.value == 0)
    #expect(otherCalls.value == 0)
  }

  @Test func replacingObservableStateTellsReadersOfTheField() {
    var tree = Tree()
    let leafCalls = watch { _ = tree.leaf }
    tree.leaf = Leaf(count: 3)
    #expect(leafCalls.value == 1)

    // A copy of the value put back in its place is a change too.
    let copy = tree.other
    let otherCalls = watch { _ = tree.other.count }
    tree.other.count = 5
    #expect(otherCalls.value == 1)
    let againCalls = watch { _ = tree.other.count }
    tree.other = copy
    #expect(againCalls.value == 1)
    #expect(tree.other.count == 0)
  }

  @Test func aCopyIsToldOfChangesMadeInPlaceToTheOriginal() {
    var tree = Tree()
    let copy = tree.leaf
    let calls = watch { _ = copy.count }
    tree.leaf.count += 1
    #expect(calls.value == 1)
    #expect(copy.count == 0)
  }

  @Test func presentingAndDismissingAreObservedAndChangesInsideAreTheChilds() {
    var tree = Tree()
    let presentCalls = watch { _ = tree.presented }
    tree.presented = Leaf()
    #expect(presentCalls.value == 1)

    let presentedCalls = watch { _ = tree.presented }
    let countCalls = watch { _ = tree.presented?.count }
    tree.presented?.count += 1
    #expect(presentedCalls.value == 0)
    #expect(countCalls.value == 1)

    tree.presented = nil
    #expect(presentedCalls.value == 1)
    #expect(tree.$presented.wrappedValue == nil)
  }

  @Test func destinationsAreObservedByCase() {
    var tree = Tree(destination: .number(1))
    let numberCalls = watch { _ = tree.destination }
    tree.destination = .number(2)
    #expect(numberCalls.value == 1)

    let leaf = Leaf()
    tree.destination = .leaf(leaf)
    let leafCalls = watch { _ = tree.destination }
    tree.destination = .leaf(leaf)
    #expect(leafCalls.value == 0)
    tree.destination = nil
    #expect(leafCalls.value == 1)
  }

  @Test func collectionsAreObservedByTheirElementsIdentities() {
    var tree = Tree(leaves: [Leaf(id: 1), Leaf(id: 2)], list: [Leaf()])
    let leavesCalls = watch { _ = tree.leaves }
    let secondCalls = watch { _ = tree.leaves[1].count }
    tree.leaves[id: 1]?.count += 1
    tree.list[0].count += 1
    #expect(leavesCalls.value == 0)
    #expect(secondCalls.value == 0)

    let listCalls = watch { _ = tree.list }
    tree.leaves.append(Leaf(id: 3))
    tree.list.append(Leaf())
    #expect(leavesCalls.value == 1)
    #expect(listCalls.value == 1)
  }

  @Test func ignoredFieldsAreNotObserved() {
    var tree = Tree()
    let calls = watch { _ = tree.ignored }
    tree.ignored = 1
    #expect(calls.value == 0)
  }

  @Test func theHandlerIsCalledOnceWhenBothAFieldAndAStoreChange() async {
    let store = Store(initialState: Leaf()) {
      Reduce<Leaf, Int> { state, action in
        state.count = action
        return .none
      }
    }
    let calls = Calls()
    var leaf = Leaf()
    withPerceptionTracking {
      _ = store.count
      _ = leaf.count
    } onChange: {
      calls.record()
    }
    await store.send(1).finish()
    leaf.count = 1
    #expect(calls.value == 1)
  }

  @Test func aScopedChildReplacedByItsOwnReducerIsSeenWhilePerceiving() async {
    let store = Store(initialState: Grower.State()) { Grower() }
    let state = store.withState { $0 }
    // NB: Scope reaches `leaf` through its storage while nothing is perceived, and through the
    //     observed property while something is.
    let leafCalls = watch { _ = state.leaf }
    let countCalls = watch { _ = state.leaf.count }
    await store.send(.leaf(.increment)).finish()
    #expect(leafCalls.value == 0)
    #expect(countCalls.value == 1)
    await store.send(.leaf(.replace)).finish()
    #expect(leafCalls.value == 1)
    #expect(store.withState(\.leaf.id) == 9)
  }

  @Test func nestedScopesGiveTheirReadsToTheEnclosingOne() {
    var tree = Tree()
    let outer = Calls()
    let inner = Calls()
    withPerceptionTracking {
      withPerceptionTracking {
        _ = tree.leaf.count
      } onChange: {
        inner.record()
      }
    } onChange: {
      outer.record()
    }
    tree.leaf.count = 1
    #expect(inner.value == 1)
    #expect(outer.value == 1)
  }

  @Test func memberwiseInitializersEqualityCodingAndDumpsKeepTheWrittenNames() throws {
    let tree = Tree(leaf: Leaf(id: 1, count: 2))
    #expect(tree.presented == nil)
    #expect(tree == Tree(leaf: Leaf(id: 1, count: 2)))
    #expect(tree != Tree(leaf: Leaf(id: 1, count: 3)))

    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(Leaf(id: 1, count: 2)), as: UTF8.self)
    #expect(json == #"{"count":2,"id":1}"#)
    #expect(try JSONDecoder().decode(Leaf.self, from: Data(json.utf8)) == Leaf(id: 1, count: 2))

    var pair = Pair()
    pair.watched = 5
    let pairJSON = String(decoding: try encoder.encode(pair), as: UTF8.self)
    #expect(pairJSON == #"{"a":0,"b":1,"changes":1,"watched":5}"#)

    var dump = ""
    customDump(Leaf(id: 1, count: 2), to: &dump)
    #expect(dump.contains("count: 2"))
    #expect(!dump.contains("_count"))
    #expect(!dump.contains("_$"))
  }

  @Test func aFreshValueIsAnotherChildAndAModifiedCopyTheSameOne() {
    let leaf = Leaf()
    var copy = leaf
    copy.count += 1
    copy._$willModify()
    #expect(copy._$id != leaf._$id)
    #expect(Leaf()._$id != leaf._$id)
    #expect(_$isIdentityEqual(leaf, leaf))
    #expect(!_$isIdentityEqual(leaf, copy))
  }
}
