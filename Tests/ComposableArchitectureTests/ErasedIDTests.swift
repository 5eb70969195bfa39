import ConcurrencyExtras
import Testing

@testable import ComposableArchitecture

struct ErasedIDTests {
  private enum CancelID { case a, b }
  private enum OtherID { case a }
  private struct Key: Hashable, Sendable {
    let name: String
  }

  @Test func valuesOfOneTypeCompareByValue() {
    #expect(ErasedID(CancelID.a) == ErasedID(CancelID.a))
    #expect(ErasedID(CancelID.a) != ErasedID(CancelID.b))
    #expect(ErasedID(Key(name: "x")) == ErasedID(Key(name: "x")))
    #expect(ErasedID(Key(name: "x")) != ErasedID(Key(name: "y")))
  }

  @Test func valuesOfDifferentTypesDiffer() {
    #expect(ErasedID(CancelID.a) != ErasedID(OtherID.a))
    #expect(ErasedID(exactly: 1) != ErasedID(exactly: Int8(1)))
  }

  @Test func integersAndErasedValuesKeepAnyHashablesMeaning() {
    // AnyHashable treats integers of different types as equal when their values are.
    #expect(ErasedID(1) == ErasedID(Int8(1)))
    #expect(ErasedID(1).hashValue == ErasedID(Int8(1)).hashValue)
    #expect(ErasedID(AnyHashableSendable(CancelID.a)) == ErasedID(CancelID.a))
    #expect(ErasedID(AnyHashableSendable(1)) == ErasedID(Int8(1)))
    #expect(ErasedID(ErasedID(CancelID.a)) == ErasedID(CancelID.a))
    #expect(ErasedID(1) != ErasedID(2))
  }

  private class Token: Hashable, @unchecked Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Token, rhs: Token) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(self.name) }
  }
  private final class SpecialToken: Token, @unchecked Sendable {}

  @Test func classInstancesCompareAsTheirHashableAncestor() {
    #expect(ErasedID(Token("a")) == ErasedID(SpecialToken("a")))
    #expect(ErasedID(exactly: Token("a")) == ErasedID(exactly: SpecialToken("a")))
    #expect(ErasedID(Token("a")) != ErasedID(SpecialToken("b")))
  }

  @Test func effectIDsDependOnTheirPath() {
    let rows = ChildEffectsPath(\IdentifiedArrayOf<Row>.self)
    let first = ChildEffectsID(path: rows, identity: ErasedID(exactly: 1))
    let second = ChildEffectsID(path: rows, identity: ErasedID(exactly: 2))
    let id = EffectID(ErasedID(CancelID.a))
    #expect(id.inNamespace([first]) == id.inNamespace([first]))
    #expect(id.inNamespace([first]) != id.inNamespace([second]))
    #expect(id.inNamespace([first, second]) != id.inNamespace([second, first]))
    // NB: Nested namespaces, applied innermost first, make the same id as the whole path.
    #expect(id.inNamespace([first, second]) == id.inNamespace([second]).inNamespace([first]))
    #expect(id.inNamespace([first, second]).hash == id.inNamespace([second]).inNamespace([first]).hash)
    #expect(id.inNamespace([]) == id)
  }

  @Test func listsOfEffectIDsCompareInPlaceAsArraysDo() {
    let rows = ChildEffectsPath(\IdentifiedArrayOf<Row>.self)
    let first = ChildEffectsID(path: rows, identity: ErasedID(exactly: 1))
    let a = EffectID(ErasedID(CancelID.a))
    let b = a.inNamespace([first])
    let lists: [[EffectID]] = [[], [a], [b], [a, b], [b, a], [a, a], [a, b, a]]
    for lhs in lists {
      #expect(EffectID.areSame(lhs, lhs))
      for rhs in lists {
        // Rebuilt, so that no two lists share a buffer.
        #expect(EffectID.areSame(lhs, rhs.map { $0 }) == (lhs == rhs))
      }
    }
  }

  private struct Row: Identifiable, Sendable {
    let id: Int
  }
}

/// Values of plain types are kept by their bytes; equality is still their type's.
struct PlainErasedIDTests {
  /// Plain, with a `==` that ignores `revision`: equal values whose bytes differ.
  private struct Versioned: Hashable, Sendable {
    let name: UInt32
    let revision: UInt32
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(self.name) }
  }
  private struct Wide: Hashable, Sendable {
    let parts: (UInt64, UInt64, UInt64, UInt64)
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.parts == rhs.parts }
    func hash(into hasher: inout Hasher) { hasher.combine(self.parts.0) }
  }
  private enum CancelID { case a, b }

  @Test func plainValuesAreKeptByTheirBytes() {
    guard case .plain = ErasedID(CancelID.a).storage else {
      Issue.record("not plain")
      return
    }
    guard case .plain = ErasedID(exactly: 7).storage else {
      Issue.record("not plain")
      return
    }
    // Too wide for the bytes kept, or not plain: kept as values.
    guard case .value = ErasedID(Wide(parts: (1, 2, 3, 4))).storage else {
      Issue.record("plain")
      return
    }
    guard case .value = ErasedID("timer").storage else {
      Issue.record("plain")
      return
    }
  }

  @Test func equalityIsTheTypesOwn() {
    #expect(ErasedID(Versioned(name: 1, revision: 1)) == ErasedID(Versioned(name: 1, revision: 2)))
    #expect(ErasedID(Versioned(name: 1, revision: 1)) != ErasedID(Versioned(name: 2, revision: 1)))
    #expect(ErasedID(CancelID.a) != ErasedID(CancelID.b))
    #expect(ErasedID(Wide(parts: (1, 2, 3, 4))) == ErasedID(Wide(parts: (1, 2, 3, 4))))
    #expect(ErasedID(Wide(parts: (1, 2, 3, 4))) != ErasedID(Wide(parts: (1, 2, 3, 5))))
  }

  @Test func theValueComesBackAsItWasGiven() {
    #expect(ErasedID(Versioned(name: 3, revision: 4)).base as? Versioned == Versioned(name: 3, revision: 4))
    #expect((ErasedID(Versioned(name: 3, revision: 4)).base as? Versioned)?.revision == 4)
    #expect(ErasedID(CancelID.b).description == "b")
    #expect(ErasedID(exactly: 42).description == "42")
  }
}
